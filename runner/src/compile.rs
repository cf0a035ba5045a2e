//! Building programs the way a judge does: one file, fixed flags, cached by content.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// A language the runner can build or run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    Rust,
    Cpp,
    C,
    Python,
    /// A file that is already executable: run as it is.
    Executable,
}

impl Language {
    /// The language of a file, by its extension (or its execute bit).
    pub fn from_path(path: &Path) -> Option<Language> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("rs") => Some(Language::Rust),
            Some("cpp" | "cc" | "cxx") => Some(Language::Cpp),
            Some("c") => Some(Language::C),
            Some("py") => Some(Language::Python),
            _ => {
                use std::os::unix::fs::PermissionsExt;
                let meta = std::fs::metadata(path).ok()?;
                (meta.is_file() && meta.permissions().mode() & 0o111 != 0)
                    .then_some(Language::Executable)
            }
        }
    }

    /// Whether this is a source language (as opposed to a ready executable).
    pub fn is_source(self) -> bool {
        self != Language::Executable
    }

    /// The compiler and its flags, as the judges use them; `None` for interpreted or ready files.
    fn compiler(self) -> Option<(&'static str, &'static [&'static str])> {
        match self {
            Language::Rust => Some(("rustc", &["--edition", "2021", "-O"])),
            Language::Cpp => Some(("g++", &["-O2", "-std=c++17", "-x", "c++"])),
            Language::C => Some(("gcc", &["-O2", "-std=gnu11", "-x", "c"])),
            Language::Python | Language::Executable => None,
        }
    }

    /// The command line that builds `src` into `out`, for messages and the README.
    pub fn build_command(self, src: &Path, out: &Path) -> Option<Vec<OsString>> {
        let (cc, flags) = self.compiler()?;
        let mut argv: Vec<OsString> = vec![cc.into()];
        argv.extend(flags.iter().map(OsString::from));
        if self == Language::C {
            argv.push(src.into());
            argv.extend(["-lm".into(), "-o".into(), out.into()]);
        } else {
            argv.extend([src.into(), "-o".into(), out.into()]);
        }
        Some(argv)
    }
}

/// A program ready to run: its command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub argv: Vec<OsString>,
    /// Which element of `argv` is a file of the user's that the program needs (its binary or
    /// script): the sandbox shows the program that file and nothing else of the user's.
    pub file: Option<usize>,
}

impl Program {
    /// A program whose `argv[0]` is its own file.
    pub fn file(path: impl Into<OsString>) -> Program {
        Program {
            argv: vec![path.into()],
            file: Some(0),
        }
    }
}

/// The result of building one source file.
#[derive(Debug, Clone)]
pub struct Built {
    pub source: PathBuf,
    /// The program, or the compiler's message.
    pub program: Result<Program, String>,
    /// Whether the compiler ran (false: taken from the cache).
    pub compiled: bool,
}

/// Builds source files into a content-addressed cache, so that a re-run compiles nothing.
pub struct Builder {
    cache_dir: PathBuf,
    versions: Mutex<HashMap<Language, String>>,
}

impl Builder {
    pub fn new(cache_dir: PathBuf) -> Self {
        Self {
            cache_dir,
            versions: Mutex::new(HashMap::new()),
        }
    }

    /// The compiler's version line(s), part of the cache key.
    fn version(&self, lang: Language) -> Result<String> {
        let Some((cc, _)) = lang.compiler() else {
            return Ok(String::new());
        };
        if let Some(v) = self.versions.lock().unwrap().get(&lang) {
            return Ok(v.clone());
        }
        let arg = if lang == Language::Rust {
            "-vV"
        } else {
            "--version"
        };
        let out = Command::new(cc)
            .arg(arg)
            .output()
            .with_context(|| format!("cannot run `{cc}`: is it installed and on PATH?"))?;
        if !out.status.success() {
            bail!(
                "`{cc} {arg}` failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let v = String::from_utf8_lossy(&out.stdout).into_owned();
        self.versions.lock().unwrap().insert(lang, v.clone());
        Ok(v)
    }

    /// Builds `source` (or takes it from the cache). An error is returned only when the build
    /// could not be attempted; a compile error is a `Built` with `program: Err(message)`.
    pub fn build(&self, source: &Path) -> Result<Built> {
        let lang = Language::from_path(source)
            .with_context(|| format!("{}: unknown language", source.display()))?;
        let source = source
            .canonicalize()
            .with_context(|| format!("cannot open {}", source.display()))?;
        let done = |program, compiled| Built {
            source: source.clone(),
            program,
            compiled,
        };
        match lang {
            Language::Executable => return Ok(done(Ok(Program::file(source.clone())), false)),
            Language::Python => {
                return Ok(done(
                    Ok(Program {
                        argv: vec!["python3".into(), source.clone().into()],
                        file: Some(1),
                    }),
                    false,
                ))
            }
            _ => {}
        }
        let code =
            std::fs::read(&source).with_context(|| format!("cannot read {}", source.display()))?;
        let mut hasher = Sha256::new();
        hasher.update(format!("{lang:?}\0"));
        hasher.update(self.version(lang)?);
        hasher.update(format!("{:?}\0", lang.compiler()));
        hasher.update(&code);
        let key: String = hasher
            .finalize()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect();
        let dir = self.cache_dir.join("build").join(&key);
        let exe = dir.join("prog");
        let ce = dir.join("compile-error.txt");
        if exe.is_file() {
            return Ok(done(Ok(Program::file(exe)), false));
        }
        if let Ok(msg) = std::fs::read_to_string(&ce) {
            return Ok(done(Err(msg), false));
        }
        // Build in a private directory, then move it into place whole: a concurrent or
        // interrupted build never leaves a half-written program in the cache.
        std::fs::create_dir_all(self.cache_dir.join("build"))
            .with_context(|| format!("cannot create {}", self.cache_dir.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(&format!(".{key}-"))
            .tempdir_in(self.cache_dir.join("build"))
            .context("cannot create a build directory")?;
        let argv = lang
            .build_command(&source, &tmp.path().join("prog"))
            .expect("compiled language");
        let out = Command::new(&argv[0])
            .args(&argv[1..])
            .current_dir(tmp.path())
            .output()
            .with_context(|| format!("cannot run `{}`", argv[0].to_string_lossy()))?;
        let program = if out.status.success() {
            Ok(())
        } else {
            let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
            if msg.trim().is_empty() {
                msg = format!("the compiler failed ({})", out.status);
            }
            std::fs::write(tmp.path().join("compile-error.txt"), &msg)?;
            Err(msg)
        };
        let tmp = tmp.keep();
        if std::fs::rename(&tmp, &dir).is_err() {
            // Another build of the same source won the race; use its result.
            let _ = std::fs::remove_dir_all(&tmp);
        }
        Ok(done(program.map(|()| Program::file(exe)), true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_by_extension() {
        assert_eq!(Language::from_path(Path::new("a.rs")), Some(Language::Rust));
        assert_eq!(Language::from_path(Path::new("a.cpp")), Some(Language::Cpp));
        assert_eq!(Language::from_path(Path::new("a.cc")), Some(Language::Cpp));
        assert_eq!(Language::from_path(Path::new("a.c")), Some(Language::C));
        assert_eq!(
            Language::from_path(Path::new("a.py")),
            Some(Language::Python)
        );
        assert_eq!(Language::from_path(Path::new("/nonexistent/a.txt")), None);
    }

    #[test]
    fn rust_builds_like_a_judge() {
        let argv = Language::Rust
            .build_command(Path::new("s.rs"), Path::new("out"))
            .unwrap();
        let argv: Vec<_> = argv.iter().map(|a| a.to_str().unwrap()).collect();
        assert_eq!(
            argv,
            ["rustc", "--edition", "2021", "-O", "s.rs", "-o", "out"]
        );
    }

    #[test]
    fn builds_once_then_caches_and_reports_compile_errors() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Builder::new(dir.path().join("cache"));
        let first = builder.build(&src).unwrap();
        assert!(first.compiled && first.program.is_ok());
        let second = builder.build(&src).unwrap();
        assert!(!second.compiled);
        assert_eq!(first.program.unwrap(), second.program.unwrap());

        let bad = dir.path().join("bad.c");
        std::fs::write(&bad, "int main(void){ return x; }\n").unwrap();
        let ce = builder.build(&bad).unwrap();
        assert!(ce.program.as_ref().unwrap_err().contains("undeclared"));
        let again = builder.build(&bad).unwrap();
        assert!(!again.compiled && again.program.is_err());
    }
}
