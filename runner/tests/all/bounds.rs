//! Issue 37, part B: nothing unbounded in the runner, nothing trusted that changed while it was
//! used, nothing read from a file that panics or hangs the runner, nothing printed raw.

use std::time::{Duration, Instant};

use crate::common::*;

/// A Codeforces problem `p` (a judge to submit to) with one case: `n` in, `2n` out.
fn submittable(ws: &Ws) {
    ws.write(
        "problems/p/problem.toml",
        "title = \"Twice\"\njudge = \"Codeforces\"\nid = \"1000A\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/p.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
}

#[test]
fn submit_and_judge_refuse_a_fifo_and_a_link_to_dev_zero_at_once() {
    let ws = Ws::empty();
    submittable(&ws);
    let fifo = ws.path("fifo.cpp");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let zero = ws.path("zero.cpp");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for (file, what) in [(&fifo, "a FIFO"), (&zero, "a character device")] {
        let file = file.to_str().unwrap();
        for args in [vec!["submit", "p", file], vec!["judge", "p", file]] {
            let started = Instant::now();
            let out = ws.runner(&args);
            assert_code(&out, 2);
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{args:?} took {:?}",
                started.elapsed()
            );
            assert!(
                stderr(&out).contains(&format!("{file}: not a regular file ({what}): refused")),
                "{args:?}: {}",
                text(&out)
            );
        }
    }
    assert!(!ws.path("target/submit").exists());
}

#[test]
fn a_file_name_with_esc_and_bel_and_a_title_with_osc_reach_the_terminal_escaped() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\\u001b]0;pwned\\u0007\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    let out = ws.runner(&["list"]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(said.contains("Twice\\x1b]0;pwned\\x07"), "{said}");
    assert!(!said.contains('\x1b') && !said.contains('\x07'), "{said:?}");
    // A wrong program whose file name rings the bell and clears the screen.
    let name = "w\x1b[2J\x07.c";
    ws.write(
        name,
        "#include <stdio.h>\nint main(void) { puts(\"7\"); return 0; }\n",
    );
    let out = ws.runner(&["judge", "t", ws.path(name).to_str().unwrap()]);
    assert_code(&out, 1);
    let said = text(&out);
    assert!(said.contains("w\\x1b[2J\\x07.c"), "{said}");
    assert!(!said.contains('\x1b') && !said.contains('\x07'), "{said:?}");
}

/// A C program that writes `2n` and then floods its output with lines forever.
const FLOOD_C: &str = "#include <stdio.h>\n#include <string.h>\nint main(void) { static char line[4096]; memset(line, '1', sizeof line - 1); line[sizeof line - 1] = '\\n'; for (;;) fwrite(line, 1, sizeof line, stdout); }\n";

#[test]
fn a_flood_on_a_multi_pass_problem_is_ole_as_on_any_problem() {
    let ws = Ws::twice();
    let flood = ws.path("flood.c");
    ws.write("flood.c", FLOOD_C);
    let plain = ws.runner(&["judge", "t", flood.to_str().unwrap()]);
    assert_code(&plain, 1);
    assert!(text(&plain).contains("case small: OLE"), "{}", text(&plain));
    // The same program on a multi-pass problem, judged by a Kattis validator that accepts.
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n\
         compare = \"checker\"\nchecker_convention = \"kattis\"\nmulti_pass = true\nmax_passes = 2\n",
    );
    ws.write(
        "problems/t/checker.py",
        "import sys\nsys.stdin.buffer.read()\nsys.exit(42)\n",
    );
    let out = ws.runner(&["judge", "t", flood.to_str().unwrap()]);
    let said = text(&out);
    assert_code(&out, 1);
    assert!(said.contains("case small: OLE"), "{said}");
    assert!(!said.contains("JE"), "{said}");
}

/// `--format json`'s case verdicts of `runner judge t FILE`, in case order.
fn verdicts(ws: &Ws, file: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["--format", "json", "judge", "t", file];
    args.extend_from_slice(extra);
    let out = ws.runner(&args);
    let mut cases: Vec<(String, String)> = stdout(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "case")
        .map(|v| {
            (
                v["case"].as_str().unwrap().to_string(),
                v["verdict"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect();
    cases.sort();
    cases.into_iter().map(|(_, v)| v).collect()
}

#[test]
fn an_executable_swapped_while_it_is_judged_leaves_no_verdict_of_the_other() {
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    let mut fixture = String::new();
    for i in 1..=14 {
        fixture.push_str(&format!(
            "[[case]]\nname = \"c{i:02}\"\nsource = \"hand\"\ninput = \"{i}\\n\"\noutput = \"{}\\n\"\n\n",
            2 * i
        ));
    }
    ws.write("fixtures/t.toml", &fixture);
    let good = "#!/bin/sh\nread n\necho $((2 * n))\n";
    let bad = "#!/bin/sh\nread n\necho 0\n";
    let exe = |name: &str, text: &str| {
        use std::os::unix::fs::PermissionsExt;
        ws.write(name, text);
        std::fs::set_permissions(ws.path(name), std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    let prog = ws.path("prog");
    exe("prog", good);
    // While the first run judges it, the file is swapped back and forth (whole files renamed
    // into place), and left as the bad one.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let swapper = {
        let (stop, dir, prog) = (stop.clone(), ws.path(""), prog.clone());
        let (good, bad) = (good.to_string(), bad.to_string());
        std::thread::spawn(move || {
            let mut i = 0u32;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let next = dir.join(format!("next-{i}"));
                std::fs::write(&next, if i.is_multiple_of(2) { &bad } else { &good }).unwrap();
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&next, std::fs::Permissions::from_mode(0o755)).unwrap();
                std::fs::rename(&next, &prog).unwrap();
                i += 1;
                std::thread::sleep(Duration::from_millis(3));
            }
        })
    };
    let during = verdicts(&ws, prog.to_str().unwrap(), &[]);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    swapper.join().unwrap();
    exe("prog", bad);
    // Whatever the first run saw, each of its verdicts is one program's: all AC or all WA.
    assert_eq!(during.len(), 14, "{during:?}");
    assert!(
        during.iter().all(|v| v == &during[0]),
        "one run judged two programs: {during:?}"
    );
    let fresh = verdicts(&ws, prog.to_str().unwrap(), &["--no-cache"]);
    assert_eq!(fresh, vec!["WA"; 14]);
    // The cache says of the bad program what a fresh judgement says.
    assert_eq!(verdicts(&ws, prog.to_str().unwrap(), &[]), fresh);
}

/// The bytes under `dir`: each file's apparent size or its blocks, the larger.
fn du(dir: &std::path::Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len().max(m.blocks() * 512))
        .sum()
}

#[test]
fn a_build_that_leaves_three_sparse_gigabytes_is_refused_and_nothing_of_it_stays() {
    let ws = Ws::twice();
    ws.write(
        "bomb.build",
        "#!/bin/sh\ntruncate -s 1G a\ntruncate -s 1G b\ntruncate -s 1G c\n\
         printf '#!/bin/sh\\necho 6\\n' > run\nchmod +x run\n",
    );
    let out = ws.runner(&["judge", "t", ws.path("bomb.build").to_str().unwrap()]);
    let said = text(&out);
    assert_code(&out, 1);
    assert!(said.contains("CE"), "{said}");
    assert!(
        said.contains("the build left 3072.0 MiB in its folder (sparse files at their size), more than the 1024.0 MiB a build may keep"),
        "{said}"
    );
    let kept = du(&ws.path("target/judge/build"));
    assert!(kept < 16 << 20, "the build cache holds {kept} bytes");
    // The same script leaving one sparse MiB builds and is judged.
    ws.write(
        "small.build",
        "#!/bin/sh\ntruncate -s 1M a\nprintf '#!/bin/sh\\necho 6\\n' > run\nchmod +x run\n",
    );
    let out = ws.runner(&["judge", "t", ws.path("small.build").to_str().unwrap()]);
    assert_code(&out, 0);
}

/// Runs the runner with `args` in `ws` to its end; its output and its own peak resident set in
/// bytes (wait4's ru_maxrss: the runner's, or a descendant's it waited for if larger: the
/// programs judged here stay small).
#[allow(clippy::zombie_processes)] // reaped by wait4, for its rusage
fn runner_peak(ws: &Ws, args: &[&str]) -> (std::process::Output, u64) {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .arg("--root")
        .arg(ws.path(""))
        .args(["--color", "never"])
        .args(args)
        .env_remove("CI")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as i32;
    let (mut out, mut err) = (child.stdout.unwrap(), child.stderr.unwrap());
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).unwrap();
        v
    });
    let mut stdout = Vec::new();
    std::io::Read::read_to_end(&mut out, &mut stdout).unwrap();
    let stderr = reader.join().unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is valid; wait4 writes it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::wait4(pid, &mut status, 0, &mut usage) }, pid);
    let output = std::process::Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stdout,
        stderr,
    };
    let peak = usage.ru_maxrss as u64 * 1024;
    eprintln!("runner {args:?}: peak resident set {} MiB", peak >> 20);
    (output, peak)
}

#[test]
fn a_wrong_answer_on_a_64_mib_expected_output_keeps_the_runner_under_200_mib() {
    let ws = Ws::twice();
    // 64 MiB of "1\n"; the program prints the same but a 2 on line 20,000,001.
    std::fs::create_dir_all(ws.path("fixtures/t")).unwrap();
    let mut f = std::fs::File::create(ws.path("fixtures/t/big.ans")).unwrap();
    let chunk = b"1\n".repeat(1 << 19);
    for _ in 0..64 {
        std::io::Write::write_all(&mut f, &chunk).unwrap();
    }
    drop(f);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"big\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput_file = \"t/big.ans\"\n",
    );
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 5000\nmemory_limit_kib = 65536\n",
    );
    let prog = |line: u64| {
        format!(
            "#include <stdio.h>\nint main(void) {{ static char buf[1 << 16]; setvbuf(stdout, buf, _IOFBF, sizeof buf); \
             for (long i = 1; i <= 32L << 20; i++) fputs(i == {line} ? \"2\\n\" : \"1\\n\", stdout); return 0; }}\n"
        )
    };
    ws.write("wa.c", &prog(20_000_001));
    let (out, peak) = runner_peak(&ws, &["judge", "t", ws.path("wa.c").to_str().unwrap()]);
    let said = text(&out);
    assert_code(&out, 1);
    assert!(said.contains("case big: WA"), "{said}");
    assert!(
        said.contains("first difference: line 20000001, token 1: expected \"1\", got \"2\""),
        "{said}"
    );
    assert!(
        peak < 200 << 20,
        "the runner peaked at {} MiB\n{said}",
        peak >> 20
    );
    // The compare is exact: the same output without the 2 is AC.
    ws.write("ac.c", &prog(0));
    let (out, peak) = runner_peak(&ws, &["judge", "t", ws.path("ac.c").to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(peak < 200 << 20, "the runner peaked at {} MiB", peak >> 20);
}

#[test]
fn an_interactor_that_leaves_a_sparse_gibibyte_keeps_the_runner_under_200_mib() {
    let ws = Ws::empty();
    ws.write(
        "problems/k/problem.toml",
        "title = \"Sparse\"\njudge = \"local\"\ntime_limit_ms = 2000\n\
         interactive = true\ninteractor_convention = \"kattis\"\n",
    );
    // A Kattis interactor (input answer feedback_dir) that leaves 16 sparse 64 MiB files and a
    // sparse 60 MiB judgemessage.txt, then rejects.
    ws.write(
        "problems/k/interactor.c",
        "#include <stdio.h>\n#include <unistd.h>\n#include <fcntl.h>\n\
         int main(int argc, char **argv) { char p[4096]; for (int i = 0; i < 16; i++) { \
         snprintf(p, sizeof p, \"%s/f%d\", argv[3], i); int fd = open(p, O_CREAT | O_WRONLY, 0644); \
         if (fd >= 0) { ftruncate(fd, 64L << 20); close(fd); } } \
         snprintf(p, sizeof p, \"%s/judgemessage.txt\", argv[3]); int fd = open(p, O_CREAT | O_WRONLY, 0644); \
         if (fd >= 0) { write(fd, \"sparse\", 6); ftruncate(fd, 60L << 20); close(fd); } \
         printf(\"go\\n\"); fflush(stdout); return 43; }\n",
    );
    ws.write(
        "fixtures/k.toml",
        "[[case]]\nname = \"one\"\nsource = \"hand\"\ninput = \"1\\n\"\n",
    );
    ws.write(
        "s.c",
        "#include <stdio.h>\nint main(void) { char w[8]; return scanf(\"%7s\", w) != 1; }\n",
    );
    let (out, peak) = runner_peak(
        &ws,
        &[
            "--format",
            "json",
            "judge",
            "k",
            ws.path("s.c").to_str().unwrap(),
        ],
    );
    let said = text(&out);
    assert!(
        peak < 200 << 20,
        "the runner peaked at {} MiB\n{said}",
        peak >> 20
    );
    // Filled past its cap (sparse files count at their size): the judge's error, said in a
    // report of a few KiB.
    assert!(
        out.stdout.len() < 64 << 10,
        "{} bytes of report",
        out.stdout.len()
    );
    assert!(
        said.contains("\"verdict\":\"JE\",\"detail\":\"the interactor wrote more than its feedback directory may hold (64 MiB, 255 files)"),
        "{said}"
    );
}
