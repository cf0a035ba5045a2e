"use strict";
// Draws the run from the JSON in #run-data. Every string from the run goes in with textContent
// (or as an attribute value), never as markup.
(function () {
  const data = JSON.parse(document.getElementById("run-data").textContent);
  // A wrong solution's expectation: one code, "not AC", or a list of codes (some case must get one).
  const verdicts = (x) => (Array.isArray(x) ? x.join(" or ") : x);
  // Each cell back to a whole record: its problem, program and case are its place.
  const FIELDS = ["verdict", "detail", "cpu_ms", "wall_ms", "peak_bytes", "time_limit_ms", "memory_limit_bytes",
    "first_difference", "diff", "hint", "input", "stderr", "transcript"];
  for (const p of data.problems) {
    for (const prog of p.programs) {
      prog.cells.forEach((c, ci) => {
        if (c === null) return;
        for (const f of FIELDS) if (c[f] === undefined) c[f] = null;
        c.confirmed_alone = !!c.confirmed_alone;
        c.cached = !!c.cached;
        if (c.status === "skipped" && c.detail === null) c.detail = prog.skipped;
        if (c.verdict === "CE" && c.stderr === null) c.stderr = prog.compile_error;
        Object.assign(c, { problem: p.slug, program: prog.program, role: prog.role, expect: prog.expect, case: p.cases[ci] });
      });
    }
  }
  const state = { failuresOnly: false, query: "", selected: null };

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids) {
      if (kid === null || kid === undefined || kid === false) continue;
      e.append(typeof kid === "string" ? document.createTextNode(kid) : kid);
    }
    return e;
  }
  const ms = (n) => (n === null || n === undefined ? "–" : n + " ms");
  function mib(b) {
    if (b === null || b === undefined) return "–";
    return (b / 1048576).toFixed(1) + " MiB";
  }
  const base = (p) => p.split("/").pop();
  const plural = (n, one, many) => n + " " + (n === 1 ? one : many);

  // A record's words for its cell's tooltip and the panel's header line.
  function limitsLine(r) {
    const parts = [];
    if (r.cpu_ms !== null) {
      let t = "CPU " + ms(r.cpu_ms);
      if (r.time_limit_ms) t += " of " + ms(r.time_limit_ms) + " (" + Math.round(100 * r.cpu_ms / r.time_limit_ms) + "%)";
      parts.push(t);
      parts.push("wall " + ms(r.wall_ms));
      let m = "peak " + mib(r.peak_bytes);
      if (r.memory_limit_bytes) m += " of " + mib(r.memory_limit_bytes);
      parts.push(m);
    }
    if (r.confirmed_alone) parts.push("confirmed alone");
    if (r.cached) parts.push("from the verdict cache");
    return parts.join(" · ");
  }
  // The margin rule: an accepted case of a solution over half its time limit.
  function overHalf(r) {
    return r.verdict === "AC" && (r.role === "solution" || r.role === "port") &&
      r.cpu_ms !== null && r.time_limit_ms && r.cpu_ms * 2 > r.time_limit_ms;
  }
  function roleText(p) {
    switch (p.role) {
      case "wrong": return "wrong · must get " + verdicts(p.expect);
      case "port": return "solution";
      case "brute": return "brute force";
      default: return "solution";
    }
  }

  function header() {
    const s = data.summary;
    const ok = data.mutants.length ? !data.mutants.some((mv) => mv.mutants.some((m) => m.fate === "survived")) : s.failed === 0 && !s.interrupted;
    const chips = Object.entries(s.verdicts).map(([v, n]) => el("span", { class: "chip", text: v + " " + n }));
    const facts = data.mutants.length ? [] : [plural(s.cases, "cell", "cells"), s.skipped + " not run"];
    if (s.partition) facts.push("shard " + s.partition);
    if (s.failed_only) facts.push("--failed: only what failed last time");
    if (s.interrupted) facts.push("interrupted: the run is incomplete");
    if (data.generated_ms) facts.push("finished " + new Date(data.generated_ms).toLocaleString());
    if (data.reload_seconds) facts.push("watching: reloads every " + data.reload_seconds + " s");
    const failures = el("input", { type: "checkbox", id: "failures-only", onchange: (e) => { state.failuresOnly = e.target.checked; apply(); } });
    const search = el("input", { type: "search", id: "problem-filter", placeholder: "filter problems", oninput: (e) => { state.query = e.target.value.trim().toLowerCase(); apply(); } });
    const legend = el("div", { class: "legend" },
      ...[["s-passed", "AC"], ["s-passed margin", "AC over half the limit"], ["s-failed", "failed"],
        ["s-caught", "wrong solution caught"], ["s-not_caught", "not caught here"], ["s-skipped", "not run"]]
        .map(([c, t]) => el("span", {}, el("i", { class: c }), t)));
    const openAll = (open) => () => document.querySelectorAll("section.problem > details").forEach((d) => { d.open = open; });
    return el("header", { class: "top" },
      el("h1", { text: data.mutants.length ? "Mutants: how strong the fixtures are" : "Judging report" }),
      el("span", { class: "last " + (ok ? "ok" : "bad"), id: "last-line", text: data.last_line }),
      el("code", { class: "command", text: data.title }),
      data.counted ? el("div", { class: "meta", id: "counted", text: data.counted }) : null,
      el("div", { class: "meta" }, facts.join(" · ") + "  ", ...chips),
      el("div", { class: "controls" },
        el("label", {}, failures, " failures only"), search,
        el("button", { type: "button", onclick: openAll(true) }, "expand all"),
        el("button", { type: "button", onclick: openAll(false) }, "collapse all"),
        el("span", { id: "shown", class: "meta" }), legend));
  }

  function facts(p) {
    const ul = el("ul", { class: "facts" });
    if (p.no_solution) ul.append(el("li", { class: "bad", text: "no solution (add solutions/src/bin/" + p.slug + ".rs)" }));
    if (p.not_written) ul.append(el("li", { class: "warn", text: "not written yet: its solution is still the scaffold (skipped, not failed)" }));
    if (p.slowest) {
      const s = p.slowest;
      const pct = Math.round(100 * s.cpu_ms / s.limit_ms);
      ul.append(el("li", { class: s.over_half ? "warn" : null, text:
        "slowest correct run: " + base(s.program) + " on case " + s.case + ", " + ms(s.cpu_ms) + " of " + ms(s.limit_ms) +
        " (" + pct + "%)" + (s.over_half ? " — over half the limit: a judge twice as slow could fail it" : "; the rule: at most half the limit") }));
    }
    for (const prog of p.programs) {
      if (prog.wrong === null) continue;
      const w = data.wrong[prog.wrong];
      let t = base(w.program) + " must get " + verdicts(w.expect) + ": ";
      if (w.passed) t += "caught by case " + w.caught_by;
      else {
        const got = Object.entries(w.verdicts).map(([v, n]) => v + " on " + n).join(", ");
        t += "NOT caught (got " + (got || "no verdict") + "): add a case that does";
      }
      if (w.why) t += " — " + w.why;
      ul.append(el("li", { class: w.passed ? null : "bad", text: t }));
    }
    for (const m of p.mutation) ul.append(el("li", { text: m }));
    return ul;
  }

  function cell(p, prog, ci) {
    const r = prog.cells[ci];
    if (r === null) return el("td", { class: "empty", title: "no record" });
    let cls = "cell s-" + r.status;
    if (overHalf(r)) cls += " margin";
    if (r.status === "not_caught" && prog.failed) cls += " uncaught";
    const td = el("td", { class: cls, tabindex: 0, "data-status": r.status });
    let tip = r.case + " · " + base(r.program) + ": " + (r.verdict || "not run");
    if (r.detail) tip += " (" + r.detail.split("\n")[0] + ")";
    const lim = limitsLine(r);
    if (lim) tip += "\n" + lim;
    td.title = tip;
    td.append(el("span", { class: "v", text: r.verdict || "—" }));
    if (r.cpu_ms !== null) {
      td.append(el("span", { class: "t", text: r.cpu_ms + "ms" }));
      const bar = el("div", { class: "bar" });
      const fill = el("i");
      const frac = r.time_limit_ms ? Math.min(1, r.cpu_ms / r.time_limit_ms) : 0;
      fill.style.width = (100 * frac).toFixed(1) + "%";
      bar.append(fill, el("b", { title: "half the limit" }));
      td.append(bar);
    }
    td.addEventListener("click", () => select(td, p, prog, ci));
    td.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(td, p, prog, ci); } });
    return td;
  }

  // Rows sorted by a column: the case order, or a program's CPU time (slowest first, then
  // fastest first, then back to the run's order).
  function sorter(p, table, col, button) {
    return () => {
      const tbody = table.tBodies[0];
      const rows = Array.from(tbody.rows);
      const cur = table.dataset.sortCol === String(col) ? Number(table.dataset.sortDir) : 0;
      const dir = (cur + 1) % 3; // 0: run order, 1: descending, 2: ascending
      table.dataset.sortCol = String(col);
      table.dataset.sortDir = String(dir);
      const key = (row) => {
        const ci = Number(row.dataset.case);
        if (col < 0) return row.dataset.name;
        const r = p.programs[col].cells[ci];
        return r && r.cpu_ms !== null ? r.cpu_ms : -1;
      };
      rows.sort((a, b) => {
        if (dir === 0) return Number(a.dataset.case) - Number(b.dataset.case);
        const ka = key(a), kb = key(b);
        const c = ka < kb ? -1 : ka > kb ? 1 : Number(a.dataset.case) - Number(b.dataset.case);
        return dir === 1 ? (col < 0 ? c : -c) : (col < 0 ? -c : c);
      });
      for (const r of rows) tbody.append(r);
      table.querySelectorAll("thead .arrow").forEach((a) => { a.textContent = ""; });
      button.querySelector(".arrow").textContent = dir === 0 ? "" : dir === 1 ? (col < 0 ? " ▲" : " ▼") : (col < 0 ? " ▼" : " ▲");
    };
  }

  function matrix(p) {
    const table = el("table", { class: "matrix" });
    const head = el("tr");
    const caseBtn = el("button", { type: "button", title: "sort by case name" }, el("span", { class: "name" }, "case", el("span", { class: "arrow" })));
    caseBtn.addEventListener("click", sorter(p, table, -1, caseBtn));
    head.append(el("th", {}, caseBtn));
    p.programs.forEach((prog, pi) => {
      const b = el("button", { type: "button", title: prog.program + "\n" + roleText(prog) + "\nclick: sort by CPU time" },
        el("span", { class: "name" }, base(prog.program), el("span", { class: "arrow" })),
        el("span", { class: "role", text: roleText(prog) }));
      b.addEventListener("click", sorter(p, table, pi, b));
      head.append(el("th", { class: prog.failed ? "failed" : null }, b));
    });
    table.append(el("thead", {}, head));
    const body = el("tbody");
    p.cases.forEach((name, ci) => {
      const failing = p.programs.some((prog) => {
        const r = prog.cells[ci];
        return r !== null && (r.status === "failed" || (prog.failed && prog.role === "wrong"));
      });
      const tr = el("tr", { "data-case": ci, "data-name": name, "data-failing": failing ? "1" : "0" },
        el("th", { title: name, text: name }));
      p.programs.forEach((prog) => tr.append(cell(p, prog, ci)));
      body.append(tr);
    });
    table.append(body);
    return el("div", { class: "scroll" }, table);
  }

  function problem(p) {
    const sec = el("section", { class: "problem", id: "problem-" + p.slug, "data-slug": p.slug, "data-failed": p.failed ? "1" : "0" });
    const counts = p.programs.filter((q) => q.role !== "wrong").map((q) => {
      const mine = q.cells.filter((r) => r !== null);
      const ac = mine.filter((r) => r.verdict === "AC").length;
      return (q.role === "brute" ? "brute force" : base(q.program)) + ": " + ac + "/" + mine.length + " AC";
    });
    const wrong = p.programs.filter((q) => q.role === "wrong");
    if (wrong.length) counts.push("wrong solutions: " + wrong.filter((q) => !q.failed).length + "/" + wrong.length + " got their verdict");
    const details = el("details", { open: true },
      el("summary", {}, el("h2", {},
        el("span", { class: "mark " + (p.failed ? "fail" : p.not_written ? "skip" : "pass"), text: p.failed ? "FAIL" : p.not_written ? "SKIP" : "PASS" }),
        el("span", { class: "slug", text: p.slug }),
        el("span", { class: "counts", text: counts.join("; ") }))),
      facts(p));
    if (p.programs.length) details.append(matrix(p));
    sec.append(details);
    return sec;
  }

  // The panel: what the terminal shows for one cell.
  const panel = el("aside", { id: "panel", class: "hidden", role: "dialog", "aria-label": "case details" });
  function closePanel() {
    panel.classList.add("hidden");
    if (state.selected) state.selected.classList.remove("selected");
    state.selected = null;
  }
  function section(title, node) {
    return [el("h4", { text: title }), node];
  }
  function sideBySide(diff) {
    const t = el("table", { class: "sbs", id: "diff" });
    t.append(el("colgroup", {}, el("col", { style: "width:44px" }), el("col"), el("col", { style: "width:44px" }), el("col")));
    t.append(el("tr", {}, el("th", { colspan: 2, text: "expected" }), el("th", { colspan: 2, text: "actual" })));
    let ln = 0, rn = 0, dels = [], inss = [];
    function mark(td, s, other) {
      // The part of s that differs from other (common prefix and suffix left plain).
      if (other === undefined) { td.textContent = s; return; }
      let a = 0; while (a < s.length && a < other.length && s[a] === other[a]) a++;
      let b = 0; while (b < s.length - a && b < other.length - a && s[s.length - 1 - b] === other[other.length - 1 - b]) b++;
      td.append(s.slice(0, a), el("mark", { text: s.slice(a, s.length - b) }), s.slice(s.length - b));
    }
    function flush() {
      const n = Math.max(dels.length, inss.length);
      for (let k = 0; k < n; k++) {
        const d = dels[k], i = inss[k];
        const l = el("td", { class: d === undefined ? "" : "del" }), r = el("td", { class: i === undefined ? "" : "ins" });
        if (d !== undefined) mark(l, d[1], i && i[1]);
        if (i !== undefined) mark(r, i[1], d && d[1]);
        t.append(el("tr", {}, el("td", { class: "n", text: d ? String(d[0]) : "" }), l,
          el("td", { class: "n", text: i ? String(i[0]) : "" }), r));
      }
      dels = []; inss = [];
    }
    for (const line of diff.split("\n")) {
      if (line.startsWith("--- ") || line.startsWith("+++ ") || line === "") continue;
      const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      if (h) { flush(); ln = Number(h[1]); rn = Number(h[2]); t.append(el("tr", { class: "hunk" }, el("td", { colspan: 4, text: line }))); continue; }
      const c = line[0], s = line.slice(1);
      if (c === "-") dels.push([ln++, s]);
      else if (c === "+") inss.push([rn++, s]);
      else if (c === " ") { flush(); t.append(el("tr", {}, el("td", { class: "n", text: String(ln++) }), el("td", { text: s }), el("td", { class: "n", text: String(rn++) }), el("td", { text: s }))); }
      else { flush(); t.append(el("tr", { class: "hunk" }, el("td", { colspan: 4, text: line }))); }
    }
    flush();
    return t;
  }
  function dialogue(text) {
    const pre = el("pre", { class: "dialogue", id: "transcript" });
    for (const line of text.replace(/\n$/, "").split("\n")) {
      const cls = line.startsWith("< ") ? "me" : line.startsWith("> ") ? "them" : null;
      pre.append(el("span", { class: cls, text: line + "\n" }));
    }
    return pre;
  }
  function select(td, p, prog, ci) {
    if (state.selected) state.selected.classList.remove("selected");
    state.selected = td;
    td.classList.add("selected");
    const r = prog.cells[ci];
    panel.replaceChildren();
    panel.append(el("button", { class: "close", title: "close (Esc)", "aria-label": "close", onclick: closePanel }, "✕"));
    const word = { passed: "PASS", failed: "FAIL", caught: "CAUGHT", not_caught: "not caught here", skipped: "not run" }[r.status];
    // A checker's or interactor's words (a compare mode's WA has a diff instead).
    const judged = r.detail && (r.detail.includes("\n") ||
      (r.diff === null && ["WA", "PE", "JE"].includes(r.verdict)));
    const judge = r.transcript !== null ? "interactor" : "checker";
    let head = word + " " + r.problem + " · " + r.program + " · case " + r.case + ": " + (r.verdict || "not run");
    if (judged) head += " (by the " + judge + ")";
    else if (r.detail) head += " (" + r.detail.split("\n")[0] + ")";
    panel.append(el("h3", { id: "panel-title", text: head }));
    const lim = limitsLine(r);
    if (lim) panel.append(el("div", { class: "line", text: lim }));
    if (r.role === "wrong") {
      const w = prog.wrong === null ? null : data.wrong[prog.wrong];
      let t = "a wrong solution that must get " + verdicts(r.expect);
      if (w) t += w.passed ? "; caught by case " + w.caught_by : "; NOT caught by any case";
      if (w && w.why) t += ". It is wrong because: " + w.why;
      panel.append(el("div", { class: "line", text: t }));
    }
    if (overHalf(r)) panel.append(el("div", { class: "line", style: "color:var(--warn)", text: "over half the time limit: a judge twice as slow could fail it" }));
    if (judged) panel.append(...section(judge, el("pre", { id: "detail", text: r.detail })));
    if (r.first_difference) panel.append(el("div", { class: "line", style: "margin-top:8px", text: r.first_difference }));
    if (r.hint) panel.append(el("div", { class: "line", id: "hint", style: "color:var(--warn)", text: r.hint }));
    if (r.diff) panel.append(...section("diff: expected | actual", sideBySide(r.diff)));
    if (r.input) panel.append(...section("input", el("pre", { id: "input", text: r.input })));
    if (r.transcript) panel.append(...section("dialogue (> the interactor, < the solution)", dialogue(r.transcript)));
    if (r.stderr) panel.append(...section(r.verdict === "CE" ? "compiler" : "stderr (last lines)", el("pre", { id: "stderr", text: r.stderr })));
    const cmd = prog.rerun + (prog.role === "brute" ? "" : " --case " + p.case_args[ci]);
    const code = el("pre", { id: "rerun", text: cmd });
    const copy = el("button", { type: "button", text: "copy" });
    copy.addEventListener("click", () => {
      const done = () => { copy.textContent = "copied"; setTimeout(() => { copy.textContent = "copy"; }, 1200); };
      const range = document.createRange();
      range.selectNodeContents(code);
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(cmd).then(done, () => {});
      else done();
    });
    panel.append(...section(prog.role === "brute" ? "judge it again (the whole check)" : "judge this case again", el("div", { class: "cmd" }, code, copy)));
    panel.classList.remove("hidden");
    panel.scrollTop = 0;
  }

  // `runner mutants`: a table per solution file, a row per mutant; a click shows its change.
  const FATE = { caught: ["s-caught", "caught"], survived: ["s-failed", "SURVIVED"], equivalent: ["s-not_caught", "equivalent"],
    no_compile: ["s-skipped", "did not compile"], not_run: ["s-skipped", "not run"] };
  function mutantsSection(mv) {
    const survived = mv.mutants.filter((m) => m.fate === "survived").length;
    const sec = el("section", { class: "problem", "data-slug": mv.problem, "data-failed": survived ? "1" : "0" });
    const table = el("table", { class: "matrix mutants" });
    table.append(el("thead", {}, el("tr", {}, ...["mutant", "change", "fate", "caught by"].map((t) => el("th", {}, el("span", { class: "name", style: "padding:4px 6px", text: t }))))));
    const body = el("tbody");
    for (const m of mv.mutants) {
      const [cls, word] = FATE[m.fate];
      const by = m.case === null ? "" : "case " + m.case + " (" + m.verdict + ")";
      const td = el("td", { class: "cell " + cls, tabindex: 0, "data-status": m.fate }, el("span", { class: "v", text: word }));
      const tr = el("tr", { "data-failing": m.fate === "survived" ? "1" : "0" },
        el("th", { text: m.id }), el("th", { title: m.what, text: m.what }), td, el("th", { text: by }));
      const show = () => {
        if (state.selected) state.selected.classList.remove("selected");
        state.selected = td;
        td.classList.add("selected");
        panel.replaceChildren(el("button", { class: "close", title: "close (Esc)", "aria-label": "close", onclick: closePanel }, "✕"),
          el("h3", { id: "panel-title", text: mv.program + " · mutant " + m.id + ": " + word }),
          el("div", { class: "line", text: m.what + (by ? "; caught by " + by : "") }));
        if (m.reason) panel.append(el("div", { class: "line", text: "marked equivalent: " + m.reason }));
        if (m.fate === "survived") panel.append(el("div", { class: "line", style: "color:var(--bad)", text: "no case tells it from the solution: add one that does, or mark it equivalent in mutants.toml" }));
        const pre = el("pre", { id: "diff" });
        for (const line of m.diff.split("\n")) {
          const c = line.startsWith("+") && !line.startsWith("+++") ? "ins" : line.startsWith("-") && !line.startsWith("---") ? "del" : null;
          pre.append(el("span", { class: c, text: line }));
        }
        panel.append(...section("the change", pre));
        panel.classList.remove("hidden");
      };
      tr.addEventListener("click", show);
      td.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(); } });
      body.append(tr);
    }
    table.append(body);
    sec.append(el("details", { open: true },
      el("summary", {}, el("h2", {},
        el("span", { class: "mark " + (survived ? "fail" : "pass"), text: survived ? "FAIL" : "PASS" }),
        el("span", { class: "slug", text: mv.problem }),
        el("span", { class: "counts", text: mv.program }))),
      el("ul", { class: "facts" }, el("li", { text: mv.score })),
      el("div", { class: "scroll" }, table)));
    return sec;
  }

  // Filters: failures only, and problems by name.
  function apply() {
    let shown = 0;
    for (const sec of document.querySelectorAll("section.problem")) {
      const slugOk = !state.query || sec.dataset.slug.toLowerCase().includes(state.query);
      const failOk = !state.failuresOnly || sec.dataset.failed === "1";
      sec.classList.toggle("hidden", !(slugOk && failOk));
      if (slugOk && failOk) shown++;
      for (const tr of sec.querySelectorAll("tbody tr")) {
        tr.classList.toggle("hidden", state.failuresOnly && tr.dataset.failing !== "1" && sec.dataset.failed === "1" && sec.querySelector("tbody tr[data-failing='1']") !== null);
      }
    }
    const all = document.querySelectorAll("section.problem").length;
    document.getElementById("no-failures").classList.toggle("hidden", !(state.failuresOnly && shown === 0 && all > 0));
    document.getElementById("shown").textContent = shown + " of " + all + (data.mutants.length ? " solution files" : " problems") + " shown";
    try { sessionStorage.setItem("runner-view", JSON.stringify({ f: state.failuresOnly, q: state.query })); } catch (e) { /* storage off */ }
  }

  const main = el("main");
  if (data.nothing) main.append(el("p", { class: "none", text: data.nothing }));
  else if (!data.problems.length && !data.mutants.length) main.append(el("p", { class: "none", text: "nothing was judged" }));
  main.append(el("p", { class: "none hidden", id: "no-failures", text: "no failures: everything shown here passed" }));
  for (const p of data.problems) main.append(problem(p));
  for (const mv of data.mutants) main.append(mutantsSection(mv));
  document.body.append(header(), main, panel);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closePanel(); });

  // A page that `--watch` rewrites reloads itself, keeping the filters and the scroll.
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem("runner-view") || "null"); } catch (e) { saved = null; }
  if (saved && data.reload_seconds) {
    state.failuresOnly = !!saved.f; state.query = saved.q || "";
    document.getElementById("failures-only").checked = state.failuresOnly;
    document.getElementById("problem-filter").value = state.query;
  }
  apply();
  if (data.reload_seconds) {
    let y = 0;
    try { y = Number(sessionStorage.getItem("runner-scroll") || "0"); } catch (e) { y = 0; }
    if (y) window.scrollTo(0, y);
    setInterval(() => {
      if (!panel.classList.contains("hidden")) return; // do not pull a diff from under the reader
      try { sessionStorage.setItem("runner-scroll", String(window.scrollY)); } catch (e) { /* storage off */ }
      location.reload();
    }, data.reload_seconds * 1000);
  }
})();
