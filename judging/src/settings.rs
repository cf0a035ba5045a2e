//! The workspace's own settings: `workspace.toml` at its root, optional. Today one key, `lang`:
//! the language of the solutions `runner new` and `runner listen` write (`runner init --lang`
//! writes it). Without the file, or the key, a new solution is Rust.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::config::{parse_toml, ConfigError};
use crate::scaffold::Lang;
use crate::workspace::Workspace;

/// The file's name, at the workspace's root.
pub const FILE: &str = "workspace.toml";

/// The most of the file that is read: a settings file is a few lines.
const MAX_BYTES: u64 = 64 << 10;

/// What workspace.toml says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// The language of new solutions (`lang = "cpp"`), when set.
    pub lang: Option<Lang>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    lang: Option<toml::Spanned<String>>,
}

/// The settings file of `ws`.
pub fn path(ws: &Workspace) -> PathBuf {
    ws.root().join(FILE)
}

/// Reads `ws`'s workspace.toml: the default settings when there is none; an error naming the
/// file, line and key when it is unreadable, too large or says what the runner does not know.
pub fn load(ws: &Workspace) -> Result<Settings, ConfigError> {
    load_in(ws.root())
}

/// [`load`] for the folder `root` (`runner init`, before it is a workspace).
pub fn load_in(root: &Path) -> Result<Settings, ConfigError> {
    let path = root.join(FILE);
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
        Err(e) => return Err(error(&path, format!("cannot read: {e}"))),
    };
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| error(&path, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(error(
            &path,
            format!(
                "over {} KiB: a settings file is a few lines",
                MAX_BYTES >> 10
            ),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| error(&path, "not UTF-8 text"))?;
    parse(&path, &text)
}

fn parse(path: &Path, text: &str) -> Result<Settings, ConfigError> {
    let raw: Raw = parse_toml(path, text)?;
    let lang = match raw.lang {
        None => None,
        Some(l) => Some(Lang::named(l.get_ref()).ok_or_else(|| {
            ConfigError::at(
                path,
                text,
                Some(l.span().start),
                format!(
                    "lang `{}` is not a language a solution is written in: {}",
                    l.get_ref(),
                    Lang::names()
                ),
            )
        })?),
    };
    Ok(Settings { lang })
}

fn error(path: &Path, message: impl Into<String>) -> ConfigError {
    ConfigError {
        path: path.to_path_buf(),
        line: None,
        message: message.into(),
    }
}

/// The text `runner init --lang` writes.
pub fn text(lang: Lang) -> String {
    format!(
        "# The workspace's settings (docs: The workspace).\n\
         # The language of the solutions `runner new` and `runner listen` write: {}.\n\
         lang = \"{}\"\n",
        Lang::names(),
        lang.extension()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_read_and_a_bad_one_is_located() {
        let p = Path::new("workspace.toml");
        assert_eq!(parse(p, &text(Lang::Cpp)).unwrap().lang, Some(Lang::Cpp));
        assert_eq!(parse(p, "").unwrap(), Settings::default());
        let e = parse(p, "# x\nlang = \"java\"\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "workspace.toml:2:8: lang `java` is not a language a solution is written in: \
             rs, cpp, c, py"
        );
        let e = parse(p, "language = \"cpp\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("workspace.toml:1:1: unknown field `language`"),
            "{e}"
        );
    }

    #[test]
    fn no_file_is_rust_and_a_huge_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("problems")).unwrap();
        let ws = Workspace::at(dir.path()).unwrap();
        assert_eq!(load(&ws).unwrap().lang, None);
        std::fs::write(path(&ws), "lang = \"py\"\n").unwrap();
        assert_eq!(load(&ws).unwrap().lang, Some(Lang::Python));
        std::fs::write(path(&ws), "#".repeat(100 << 10)).unwrap();
        assert!(load(&ws).unwrap_err().message.contains("over 64 KiB"));
    }
}
