//! `runner rm SLUG`: removes a problem's files (the decisions are `judging::remove`'s) and says
//! what it removed. It asks nothing: what it removes is what `runner list` and the hole checks
//! show as the problem's.

use anyhow::{bail, Result};

use super::context::{print, Context};
use judging::exit;
use judging::remove::{self, Kind};

pub fn rm(cx: &Context, slug: &str) -> Result<u8> {
    let paths = remove::files_of(&cx.ws, slug)?;
    if paths.is_empty() {
        bail!(
            "no file of a problem `{slug}`: nothing was removed (`{} list` shows the problems)",
            crate::invoked::command()
        );
    }
    let removed = remove::remove(&cx.ws, &paths)?;
    let mut text = format!("removed problem `{slug}`:\n");
    for r in &removed {
        let shown = cx.ws.display(&r.path);
        text.push_str(&match r.what {
            Kind::File => format!("  {shown}\n"),
            Kind::Folder { files } => format!(
                "  {shown}/ ({files} file{})\n",
                if files == 1 { "" } else { "s" }
            ),
            Kind::Link => format!("  {shown} (a link: what it points to is left alone)\n"),
        });
    }
    print(&text)?;
    Ok(exit::PASSED)
}
