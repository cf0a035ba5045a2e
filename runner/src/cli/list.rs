//! `runner list`: the problems, one per line.

use anyhow::Result;

use super::context::{print, Context};
use judging::exit;
use judging::single;

pub fn list(cx: &Context) -> Result<u8> {
    let problems = cx.discover()?;
    print(&single::list(&cx.ws, &problems))?;
    Ok(exit::PASSED)
}
