//! Cgroups for the sandbox, where this machine lets the runner make them: every worker's
//! launcher (and so every process of its cases) runs in a memory cgroup, a CPU cgroup and a pids
//! cgroup of its own, children of the cgroups the runner itself is in.
//!
//! Detected, never assumed. For each of memory, CPU and pids:
//! - cgroup v1 (a hierarchy with that controller is mounted, as on this project's machine): a
//!   directory `judge-runner-<pid>` can be made in the runner's own cgroup of that hierarchy
//!   (root can; an ordinary user only where that directory was handed to them);
//! - else cgroup v2: the runner's own cgroup (`0::/…`) is writable by it (a subtree delegated to
//!   the user, as systemd gives with `Delegate=yes`). Counting CPU (`cpu.stat`) needs no
//!   controller. Memory and pids controllers must be enabled in the cgroups above the workers',
//!   which cgroup v2 allows only in a cgroup without processes: when the runner is alone in its
//!   cgroup it moves itself into a leaf (`judge-runner-<pid>/runner`) first; otherwise memory
//!   and pids go uncounted there.
//!
//! What the launcher then does with them is in `launch.c`.

use std::path::{Path, PathBuf};

use crate::launcher::Cgroups;

/// The prefix of this run's cgroup directories (`judge-runner-<pid>`).
const PREFIX: &str = "judge-runner-";

/// Processes a worker's pids cgroup allows: the program's [`crate::launcher::PROCESS_LIMIT`] and the
/// launcher's two.
const PIDS_MAX: u32 = crate::launcher::PROCESS_LIMIT + 2;

/// One controller's run directory: cgroup version and path.
type Dir = Option<(u8, PathBuf)>;

/// This run's cgroups, removed when it is dropped (the launchers must be gone by then).
#[derive(Debug, Default)]
pub struct RunCgroups {
    memory: Dir,
    cpu: Dir,
    pids: Dir,
    /// Every directory made, parents first.
    made: Vec<PathBuf>,
}

/// A mounted hierarchy: where it is mounted and which cgroup is its root there.
#[derive(Debug, Clone)]
struct Mount {
    point: PathBuf,
    root: String,
}

/// The cgroup hierarchies mounted here: v1 by controller, and the v2 one.
fn mounts() -> (Vec<(String, Mount)>, Option<Mount>) {
    let text = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let mut v1 = Vec::new();
    let mut v2 = None;
    for line in text.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let left: Vec<&str> = left.split(' ').collect();
        let right: Vec<&str> = right.split(' ').collect();
        if left.len() < 5 || right.len() < 3 {
            continue;
        }
        let mount = Mount {
            point: PathBuf::from(unescape(left[4])),
            root: unescape(left[3]),
        };
        match right[0] {
            "cgroup" => {
                for option in right[2].split(',') {
                    v1.push((option.to_string(), mount.clone()));
                }
            }
            "cgroup2" if v2.is_none() => v2 = Some(mount),
            _ => {}
        }
    }
    (v1, v2)
}

/// mountinfo escapes spaces and a few others as `\ooo`.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 4 <= b.len() {
            let digits = std::str::from_utf8(&b[i + 1..i + 4]).ok();
            if let Some(v) = digits.and_then(|d| u8::from_str_radix(d, 8).ok()) {
                out.push(v);
                i += 4;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The runner's own cgroups: v1 paths by controller, and the v2 path.
fn own() -> (Vec<(String, String)>, Option<String>) {
    let text = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut v1 = Vec::new();
    let mut v2 = None;
    for line in text.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if id == "0" && controllers.is_empty() {
            v2 = Some(path.to_string());
        } else {
            for c in controllers.split(',') {
                v1.push((c.to_string(), path.to_string()));
            }
        }
    }
    (v1, v2)
}

/// The directory of cgroup `path` in `mount`, when the mount shows it.
fn directory(mount: &Mount, path: &str) -> Option<PathBuf> {
    let rel = if mount.root == "/" {
        path
    } else {
        path.strip_prefix(mount.root.as_str())?
    };
    Some(mount.point.join(rel.trim_start_matches('/')))
}

fn writable(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: a valid C string; access(2) reads it only.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
}

/// Removes a cgroup directory and everything under it (each must be empty of processes).
fn remove_tree(dir: &Path) {
    if let Ok(children) = std::fs::read_dir(dir) {
        for c in children.flatten() {
            if c.file_type().is_ok_and(|t| t.is_dir()) {
                remove_tree(&c.path());
            }
        }
    }
    let _ = std::fs::remove_dir(dir);
}

/// Removes the run directories of runners that are gone (killed, or a test's static sandbox).
fn remove_stale(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix(PREFIX) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            remove_tree(&e.path());
        }
    }
}

impl RunCgroups {
    /// Makes this run's cgroups, as far as this machine allows.
    pub fn make() -> RunCgroups {
        let mut run = RunCgroups::default();
        let (v1_mounts, v2_mount) = mounts();
        let (v1_own, v2_own) = own();
        let name = format!("{PREFIX}{}", std::process::id());
        // cgroup v1, one hierarchy per controller.
        let mut v1 = |controller: &str, probe: &str| -> Dir {
            let mount = v1_mounts.iter().find(|(c, _)| c == controller)?.1.clone();
            let path = v1_own.iter().find(|(c, _)| c == controller)?.1.clone();
            let parent = directory(&mount, &path)?;
            if !parent.join(probe).exists() && !parent.join("cgroup.procs").exists() {
                return None;
            }
            remove_stale(&parent);
            let dir = parent.join(&name);
            if !run.made.contains(&dir) {
                std::fs::create_dir(&dir).ok()?;
                run.made.push(dir.clone());
            }
            dir.join(probe).exists().then_some((1, dir))
        };
        run.memory = v1("memory", "memory.max_usage_in_bytes");
        run.cpu = v1("cpuacct", "cpuacct.usage");
        run.pids = v1("pids", "pids.max");
        if run.memory.is_none() || run.cpu.is_none() || run.pids.is_none() {
            if let (Some(mount), Some(path)) = (&v2_mount, &v2_own) {
                run.v2(mount, path, &name);
            }
        }
        run
    }

    /// The cgroup v2 part: what v1 did not give, in a delegated subtree.
    fn v2(&mut self, mount: &Mount, path: &str, name: &str) {
        let Some(own) = directory(mount, path) else {
            return;
        };
        if !writable(&own) || !writable(&own.join("cgroup.procs")) {
            return;
        }
        remove_stale(&own);
        let available = std::fs::read_to_string(own.join("cgroup.controllers")).unwrap_or_default();
        let want: Vec<&str> = [
            ("memory", self.memory.is_none()),
            ("pids", self.pids.is_none()),
        ]
        .into_iter()
        .filter(|&(c, missing)| missing && available.split_whitespace().any(|a| a == c))
        .map(|(c, _)| c)
        .collect();
        let dir = own.join(name);
        if std::fs::create_dir(&dir).is_err() {
            return;
        }
        self.made.push(dir.clone());
        let mut enabled = false;
        if !want.is_empty() && writable(&own.join("cgroup.subtree_control")) {
            // Controllers can be enabled only in a cgroup without processes (the root excepted):
            // the runner leaves its own for a leaf, when it is alone there.
            let me = std::process::id().to_string();
            let procs = std::fs::read_to_string(own.join("cgroup.procs")).unwrap_or_default();
            let alone = procs.lines().all(|p| p.trim() == me);
            let moved = path == "/"
                || (alone && {
                    let leaf = dir.join("runner");
                    std::fs::create_dir(&leaf).is_ok()
                        && std::fs::write(leaf.join("cgroup.procs"), &me).is_ok()
                });
            let plus: String = want.iter().map(|c| format!("+{c} ")).collect();
            enabled = moved
                && std::fs::write(own.join("cgroup.subtree_control"), plus.trim()).is_ok()
                && std::fs::write(dir.join("cgroup.subtree_control"), plus.trim()).is_ok();
        }
        if self.cpu.is_none() && dir.join("cpu.stat").exists() {
            self.cpu = Some((2, dir.clone()));
        }
        if enabled && self.memory.is_none() && want.contains(&"memory") {
            self.memory = Some((2, dir.clone()));
        }
        if enabled && self.pids.is_none() && want.contains(&"pids") {
            self.pids = Some((2, dir));
        }
    }

    /// Makes worker `n`'s cgroups (`w<n>` in each run directory), for its launcher.
    pub fn worker(&mut self, n: usize) -> Cgroups {
        let mut made = |base: &Dir| -> Dir {
            let (v, dir) = base.as_ref()?;
            let w = dir.join(format!("w{n}"));
            if !self.made.contains(&w) {
                std::fs::create_dir(&w).ok()?;
                self.made.push(w.clone());
            }
            Some((*v, w))
        };
        let memory = made(&self.memory.clone());
        let cpu = made(&self.cpu.clone());
        let pids = made(&self.pids.clone());
        let mut join = Vec::new();
        if let Some((_, dir)) = pids {
            if std::fs::write(dir.join("pids.max"), PIDS_MAX.to_string()).is_ok() {
                join.push(dir);
            }
        }
        Cgroups { join, memory, cpu }
    }

    /// One line on what is counted here, for messages and tests.
    pub fn describe(&self) -> String {
        let one = |what: &str, d: &Dir| match d {
            Some((v, _)) => format!("{what}: cgroup v{v}"),
            None => format!("{what}: none"),
        };
        format!(
            "{}, {}, {}",
            one("memory", &self.memory),
            one("cpu", &self.cpu),
            one("pids", &self.pids)
        )
    }
}

impl Drop for RunCgroups {
    fn drop(&mut self) {
        for dir in self.made.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mountinfo_paths_are_unescaped() {
        assert_eq!(unescape(r"/a\040b"), "/a b");
        assert_eq!(unescape("/sys/fs/cgroup"), "/sys/fs/cgroup");
    }

    #[test]
    fn a_cgroup_directory_is_found_under_its_mount() {
        let m = Mount {
            point: "/sys/fs/cgroup/memory".into(),
            root: "/".into(),
        };
        assert_eq!(
            directory(&m, "/a/b"),
            Some(PathBuf::from("/sys/fs/cgroup/memory/a/b"))
        );
        let m = Mount {
            point: "/c".into(),
            root: "/a".into(),
        };
        assert_eq!(directory(&m, "/a/b"), Some(PathBuf::from("/c/b")));
        assert_eq!(directory(&m, "/x"), None);
    }
}
