//! `runner init [DIR]`: makes a workspace in any folder (the folders the runner reads, and a
//! .gitignore for its build cache), so that the judge works outside this repository. The judge
//! profiles are built in; the folder's own judges.toml is layered on them (`--judges` writes one
//! that changes nothing yet, saying how). With `--lang`, workspace.toml says the language of the solutions `new` and `listen`
//! write. Nothing that exists is changed.

use std::path::Path;

use anyhow::{Context as _, Result};

use super::context::print;
use judging::exit;

use judging::scaffold::Lang;
use judging::settings;

pub fn init(dir: &Path, with_judges: bool, lang: Option<Lang>) -> Result<u8> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let root = dir
        .canonicalize()
        .with_context(|| format!("cannot resolve {}", dir.display()))?;
    if let Some(lang) = lang {
        same_lang(&root, lang)?;
    }
    let mut made = Vec::new();
    for sub in ["problems", "fixtures", "solutions"] {
        let path = root.join(sub);
        if !path.is_dir() {
            std::fs::create_dir(&path)
                .with_context(|| format!("cannot create {}", path.display()))?;
            made.push(format!("{sub}/"));
        }
    }
    let mut files = vec![(
        ".gitignore",
        "# The runner's build and verdict cache, and submit's packets.\n/target/\n".to_string(),
    )];
    if with_judges {
        files.push((judging::JUDGES_FILE, judging::LAYERED_TEMPLATE.to_string()));
    }
    if let Some(lang) = lang {
        files.push((settings::FILE, settings::text(lang)));
    }
    for (name, text) in files {
        let path = root.join(name);
        // Made new, never through a link planted there (a dangling one included).
        match judging::write::create_new(&root, &path, text.as_bytes()) {
            Ok(()) => made.push(name.to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e).with_context(|| format!("cannot write {}", path.display())),
        }
    }
    let r = crate::invoked::command();
    let mut text = if made.is_empty() {
        format!("{} is a workspace already: nothing to do\n", root.display())
    } else {
        format!(
            "made a workspace in {}: {}\n",
            root.display(),
            made.join(", ")
        )
    };
    if !root.join(judging::JUDGES_FILE).exists() {
        text.push_str(&format!(
            "  judge profiles: the built-in ones ({} init --judges writes a judges.toml that \
             changes them)\n",
            r
        ));
    }
    let cd = if root == std::env::current_dir()?.canonicalize()? {
        String::new()
    } else {
        format!("cd {}; ", dir.display())
    };
    let next = match lang {
        Some(lang) => format!(
            "  solutions: {} (workspace.toml's lang; `new` and `listen` take --lang too)\n\
             next: {cd}{r} new <slug>, or {r} listen to receive problems from Competitive \
             Companion\n",
            lang.title()
        ),
        None => format!(
            "next: {cd}{r} new <slug> --lang cpp   (or rs, c, py), or {r} listen to receive \
             problems from Competitive Companion\n"
        ),
    };
    text.push_str(&next);
    print(&text)?;
    Ok(exit::PASSED)
}

/// An error when the workspace at `root` already says another language than `lang`: init
/// changes nothing that exists.
fn same_lang(root: &Path, lang: Lang) -> Result<()> {
    if root.join(settings::FILE).symlink_metadata().is_err() {
        return Ok(());
    }
    let said = settings::load_in(root)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .lang;
    match said {
        Some(l) if l == lang => Ok(()),
        Some(l) => anyhow::bail!(
            "{} says lang = \"{}\": init changes nothing that exists (edit it to write {} \
             solutions)",
            settings::FILE,
            l.extension(),
            lang.title()
        ),
        None => anyhow::bail!(
            "{} exists and sets no lang: init changes nothing that exists (add lang = \"{}\" \
             to it)",
            settings::FILE,
            lang.extension()
        ),
    }
}
