//! `runner game … --html PATH`: the page's content without a browser (the marks at n0 and
//! n0 + p of Kayles' published period, the exceptions, the thinning rule, a hostile title shown
//! as text), then the page and a move program's heat-map opened in a headless Chromium
//! (common/cdp.rs; skipped without /usr/bin/chromium unless RUNNER_NEEDS_CHROMIUM).

use serde_json::Value;

use crate::common::cdp::{self, Browser};
use crate::common::{assert_code, have, stdout, text, Ws};

/// A title that would run a script if it went into the page as markup.
const HOSTILE: &str = "</title><script>document.title='pwned'</script><b>Kayles";

/// Kayles (0.77) in a game file with a hostile title; the page written, its JSON report.
fn kayles_page(ws: &Ws, extra: &[&str]) -> (String, Value) {
    ws.write(
        "kayles/game.toml",
        &format!("title = {}\ncode = \"0.77\"\n", toml_string(HOSTILE)),
    );
    let file = ws.path("kayles/game.toml");
    let page = ws.path("kayles.html");
    let mut args = vec![
        "game",
        file.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let out = ws.runner(&args);
    assert_code(&out, 0);
    let v: Value =
        serde_json::from_str(stdout(&out).trim()).unwrap_or_else(|e| panic!("{e}: {}", text(&out)));
    (std::fs::read_to_string(&page).unwrap(), v)
}

fn toml_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

#[test]
fn the_page_marks_n0_and_n0_plus_p_and_shows_a_hostile_title_as_text() {
    let ws = Ws::empty();
    let (page, v) = kayles_page(&ws, &[]);
    // Kayles: period 12 from heap 71 (Guy and Smith): the marks at 71 and 83.
    assert!(page.contains("id=\"mark-n0\" data-heap=\"71\""), "{page}");
    assert!(page.contains("id=\"mark-n0p\" data-heap=\"83\""), "{page}");
    assert!(page.contains(">n0 = 71</text>") && page.contains(">n0 + p = 83</text>"));
    // Above the picture: the verdict and the proof, with its numbers.
    assert!(page.contains("period 12 from heap 71 (proven: G(n+12) = G(n) for 71"));
    assert!(page.contains("proof: G(n+12) = G(n)"));
    // One point per heap, the exceptions in red: as many as the report counts.
    let computed = v["values_computed"].as_u64().unwrap() as usize;
    assert_eq!(page.matches("<rect class=\"pt").count(), computed);
    let exceptions = v["exception_count"].as_u64().unwrap() as usize;
    assert!(exceptions > 0);
    assert_eq!(page.matches("<rect class=\"pt exc\"").count(), exceptions);
    assert!(page.contains("one point per heap"));
    // The title is text: escaped, and the page holds no script at all.
    assert!(
        page.contains("&lt;/title&gt;&lt;script&gt;document.title="),
        "{page}"
    );
    assert!(!page.contains("<script"), "the page runs no script");
    assert!(page.contains("default-src 'none'"));

    // Beyond 2000 values the picture is thinned, and says how.
    let (page, v) = kayles_page(&ws, &["--no-stop", "--max", "5000"]);
    assert_eq!(v["values_computed"], 5000);
    assert!(
        page.contains(
            "thinned: each of the 1667 columns spans the smallest to the largest value of 3 \
             consecutive heaps"
        ),
        "{page}"
    );
    assert_eq!(page.matches("<line class=\"span").count(), 1667);
    assert!(page.contains("id=\"mark-n0\" data-heap=\"71\""));
}

#[test]
fn the_page_in_chromium() {
    let Some(_) = cdp::chromium() else { return };
    let ws = Ws::empty();
    let (_, v) = kayles_page(&ws, &[]);
    let mut b = Browser::start(1200, 900);
    b.open(&ws.path("kayles.html"));
    assert_eq!(b.errors, Vec::<String>::new(), "console errors on load");
    assert_eq!(b.eval("document.querySelectorAll('script').length"), 0);
    assert_eq!(b.eval("document.title"), format!("{HOSTILE} · runner game"));
    assert_eq!(
        b.eval("document.querySelector('#game h2').textContent"),
        HOSTILE
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#values rect.pt').length"),
        v["values_computed"]
    );
    // The marks are drawn where the heaps are: n0 left of n0 + p, both inside the picture.
    let xs = b.eval(
        "['#mark-n0', '#mark-n0p'].map(s => document.querySelector(s).getBoundingClientRect().x)",
    );
    let (x0, x1) = (xs[0].as_f64().unwrap(), xs[1].as_f64().unwrap());
    let width = b.eval("document.querySelector('#values').getBoundingClientRect().right");
    assert!(0.0 < x0 && x0 < x1 && x1 < width.as_f64().unwrap(), "{xs}");
    assert!(b
        .eval("document.getElementById('verdict').textContent")
        .as_str()
        .unwrap()
        .starts_with("period 12 from heap 71 (proven"));

    // A move program on two numbers: a heat-map, one cell per position.
    if !have(&["python3"]) {
        return;
    }
    ws.write(
        "wythoff/moves.py",
        "import sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    \
         o = ['%d %d' % (a - k, b) for k in range(1, a + 1)]\n    \
         o += ['%d %d' % (a, b - k) for k in range(1, b + 1)]\n    \
         o += ['%d %d' % (a - k, b - k) for k in range(1, min(a, b) + 1)]\n    \
         print(len(o))\n    print('\\n'.join(o)) if o else None\n",
    );
    ws.write(
        "wythoff/game.toml",
        "title = \"Wythoff <i>\"\n[program]\nsource = \"moves.py\"\nstart = \"0..=20 0..=20\"\n",
    );
    let page = ws.path("wythoff.html");
    let out = ws.runner(&[
        "game",
        ws.path("wythoff/game.toml").to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    b.open(&page);
    assert_eq!(b.errors, Vec::<String>::new(), "console errors on load");
    assert_eq!(
        b.eval("document.querySelectorAll('#heat rect.cell').length"),
        441
    );
    // The P-positions are the Beatty pairs: (0 0), (1 2), (2 1), (3 5), (5 3), (4 7), (7 4),
    // (6 10), (10 6), (8 13), (13 8), (9 15), (15 9), (11 18), (18 11), (12 20), (20 12).
    assert_eq!(
        b.eval("document.querySelectorAll('#heat rect.v0').length"),
        17
    );
    assert_eq!(
        b.eval("document.querySelector('#game h2').textContent"),
        "Wythoff <i>"
    );
}
