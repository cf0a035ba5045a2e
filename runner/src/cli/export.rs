//! `runner export <slug> --kattis DIR`: the problem as a Kattis problem package (legacy format,
//! as problemtools' verifyproblem reads it) in DIR ([`crate::import::kattis_export`]).

use std::path::Path;

use anyhow::Result;

use super::context::{find_problem, print, Context};
use crate::exit;
use crate::import::kattis_export;

pub fn export(cx: &Context, slug: &str, dir: &Path) -> Result<u8> {
    let problems = cx.discover()?;
    find_problem(&problems, slug)?;
    let (problem, cases) = cx.load_one(&problems, slug, &[])?;
    let pkg = kattis_export::package(&problem, &cases, &cx.kinds)?;
    kattis_export::write(dir, &pkg)?;
    let mut text = format!(
        "exported `{slug}` as a Kattis package in {} ({} files)\n",
        dir.display(),
        pkg.files.len()
    );
    for n in &pkg.notes {
        text.push_str(&format!("  note: {n}\n"));
    }
    text.push_str(&format!(
        "  check it: verifyproblem {} (problemtools; the folder's name is the package's short name)\n",
        dir.display()
    ));
    print(&text)?;
    Ok(exit::PASSED)
}
