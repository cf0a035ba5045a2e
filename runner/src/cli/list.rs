//! `runner list`: the problems, one per line.

use anyhow::Result;

use super::context::{print, Context};
use judging::by_hand;
use judging::exit;

pub fn list(cx: &Context) -> Result<u8> {
    let problems = cx.discover()?;
    print(&by_hand::list(&cx.ws, &problems))?;
    Ok(exit::PASSED)
}
