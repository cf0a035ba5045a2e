//! Java and PyPy 3 as Kattis runs them (judges.toml's `local` Java and PyPy3): judged in the
//! sandbox, and a Kattis package's Java and PyPy submissions imported and judged.
//! Skipped with a line saying why when javac or pypy3 is missing, unless
//! RUNNER_NEEDS_LANGUAGES is set (CI sets it: there the tests fail instead).

use crate::common::*;

/// The JDK's tools as judges.toml's Java profile runs them (default-jdk-headless's link): a
/// `javac` elsewhere on PATH (another JDK, as some machine images have) is not the profile's.
const JDK: [&str; 4] = [
    "/usr/lib/jvm/default-java/bin/javac",
    "/usr/lib/jvm/default-java/bin/java",
    "/usr/lib/jvm/default-java/bin/jar",
    "/usr/lib/jvm/default-java/bin/javap",
];

/// A workspace with problem `t` (input n, output 2n) under `memory_kib`, 5 s: a JVM's start is
/// most of a case's CPU time on a loaded machine.
fn twice(memory_kib: u32) -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        &format!(
            "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 5000\nmemory_limit_kib = {memory_kib}\n"
        ),
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    ws
}

fn judge(ws: &Ws, file: &str, source: &str) -> String {
    ws.write(file, source);
    let out = ws.runner(&["judge", "t", ws.path(file).to_str().unwrap()]);
    text(&out)
}

/// A public class named otherwise than its file (Kattis takes the class, not the file name),
/// with a helper class beside it.
const JAVA_OTHER_NAME: &str = "import java.io.*;\nclass Helper { static long twice(long n) { return 2 * n; } }\npublic class Solution {\n    public static void main(String[] args) throws IOException {\n        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));\n        System.out.println(Helper.twice(Long.parseLong(r.readLine().trim())));\n    }\n}\n";
/// 200 000 frames deep: more than a 1 MiB stack holds; Kattis' -Xss64m main thread holds it.
const JAVA_DEEP: &str = "public class Deep {\n    static int d(int n) { return n == 0 ? 0 : 1 + d(n - 1); }\n    public static void main(String[] a) {\n        long n = new java.util.Scanner(System.in).nextLong();\n        System.out.println(2 * n + d(200000) - 200000);\n    }\n}\n";
/// Keeps 1 MiB arrays until the heap (-Xmx = the limit) is full.
const JAVA_HOG: &str = "import java.util.*;\npublic class Hog {\n    public static void main(String[] a) {\n        List<long[]> l = new ArrayList<>();\n        for (int i = 0; i < 100000; i++) l.add(new long[1 << 17]);\n        System.out.println(l.size());\n    }\n}\n";
/// 24 threads of its own beside the JVM's (about 14 with one CPU): within the sandbox's 64 tasks.
const JAVA_THREADS: &str = "import java.util.*;\nimport java.util.concurrent.atomic.*;\npublic class Threads {\n    public static void main(String[] a) throws Exception {\n        long n = new Scanner(System.in).nextLong();\n        AtomicLong sum = new AtomicLong();\n        List<Thread> ts = new ArrayList<>();\n        for (int i = 0; i < 24; i++) { Thread t = new Thread(() -> { sum.addAndGet(n); try { Thread.sleep(200); } catch (InterruptedException e) {} }); t.start(); ts.add(t); }\n        for (Thread t : ts) t.join();\n        System.out.println(sum.get() / 12);\n    }\n}\n";
/// 2n under PyPy only: under CPython it says which Python ran it.
const PYPY_TWICE: &str = "#!/usr/bin/env pypy3\nimport platform, sys\nn = int(sys.stdin.readline())\nprint(2 * n if platform.python_implementation() == 'PyPy' else platform.python_implementation())\n";

#[test]
fn java_gets_ac_mle_and_a_class_named_otherwise_than_its_file_builds() {
    if !have(&JDK) {
        return;
    }
    // 64 MiB: a JVM (about 35 MiB resident) starts and runs under a small limit too.
    let ws = twice(65536);
    let said = judge(&ws, "Sol.java", JAVA_OTHER_NAME);
    assert!(said.contains("Sol.java [local Java]: 1/1 AC"), "{said}");
    assert!(said.contains("\n1 passed, 0 failed\n"), "{said}");
    // The whole JVM's memory is counted (the cgroup's): the heap filled to -Xmx = the limit is
    // over it, MLE, before the JVM could throw OutOfMemoryError.
    let said = judge(&ws, "Hog.java", JAVA_HOG);
    assert!(
        said.contains("Hog.java [local Java] · case small: MLE"),
        "{said}"
    );
    // Each javac costs a second or two of CPU: the rest is CI's (RUNNER_FULL_TESTS=1).
    if !full_tests() {
        return;
    }
    let said = judge(&ws, "deep.java", JAVA_DEEP);
    assert!(said.contains("deep.java [local Java]: 1/1 AC"), "{said}");
    let said = judge(&ws, "Threads.java", JAVA_THREADS);
    assert!(said.contains("Threads.java [local Java]: 1/1 AC"), "{said}");
    // No class with main: a compile error saying so.
    let said = judge(&ws, "NoMain.java", "public class NoMain { }\n");
    assert!(
        said.contains("no class with public static void main(String[])"),
        "{said}"
    );
}

#[test]
fn pypy_runs_a_pypy_file() {
    if !have(&["pypy3"]) {
        return;
    }
    let ws = twice(262144);
    let said = judge(&ws, "twice.pypy", PYPY_TWICE);
    assert!(said.contains("twice.pypy [local PyPy3]: 1/1 AC"), "{said}");
    // The same file as .py is CPython's: the runner's Python profile.
    let said = judge(&ws, "twice.py", PYPY_TWICE);
    assert!(said.contains("got \"CPython\""), "{said}");
}

#[test]
fn a_kattis_package_s_java_and_pypy_submissions_come_in_and_pass() {
    if !have(&[&JDK[..], &["pypy3"]].concat()) {
        return;
    }
    // Kotlin with it where JetBrains' compiler is installed (CI installs it: .ci/run).
    let kotlin = have(&["kotlinc"]);
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("double");
    let files = [
        ("problem.yaml", "problem_format_version: 2023-07-draft\nname: Double\nlimits:\n  time_limit: 5\n  memory: 256\n"),
        ("data/sample/1.in", "3\n"),
        ("data/sample/1.ans", "6\n"),
        ("data/secret/1.in", "21\n"),
        ("data/secret/1.ans", "42\n"),
        ("submissions/accepted/Sol.java", "import java.util.*;\npublic class Sol {\n    public static void main(String[] a) {\n        Scanner s = new Scanner(System.in);\n        System.out.println(2 * s.nextLong());\n    }\n}\n"),
        ("submissions/accepted/fast.py", PYPY_TWICE),
        ("submissions/accepted/sol.kt", "fun main() { println(readLine()!!.trim().toLong() * 2) }\n"),
        ("submissions/wrong_answer/Off.java", "public class Off { public static void main(String[] a) { System.out.println(new java.util.Scanner(System.in).nextLong() * 2 + 1); } }\n"),
    ];
    for (rel, text) in files {
        if rel.ends_with(".kt") && !kotlin {
            continue;
        }
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let ws = Ws::empty();
    let out = ws.runner(&["import", root.to_str().unwrap()]);
    let said = text(&out);
    assert_code(&out, 0);
    let solutions = if kotlin { 3 } else { 2 };
    assert!(
        said.contains(&format!(
            "imported `double` as problem `double`: 2 cases, {solutions} solutions, 1 wrong solution"
        )),
        "{said}"
    );
    assert_eq!(said.matches("left out").count(), 0, "{said}");
    // Renamed after the problem, built under the class it declares; the PyPy one as PyPy3.
    assert!(
        ws.path("solutions/double/Sol/double.java").is_file(),
        "{said}"
    );
    assert!(ws.path("solutions/double/fast/double.pypy").is_file());
    let out = ws.runner(&["double"]);
    let said = text(&out);
    assert!(said.contains("double.java [local Java]: 2/2 AC"), "{said}");
    assert!(said.contains("double.pypy [local PyPy3]: 2/2 AC"), "{said}");
    assert!(
        said.contains("wrong solutions: 1/1 got their verdict"),
        "{said}"
    );
    if kotlin {
        // Built by kotlinc into one jar with its runtime, run as Java is.
        assert!(said.contains("double.kt [local Kotlin]: 2/2 AC"), "{said}");
        assert_eq!(last_line(&out), "7 passed, 0 failed", "{said}");
    } else {
        assert_eq!(last_line(&out), "5 passed, 0 failed", "{said}");
    }
}
