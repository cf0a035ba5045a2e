//! Running part of a plan: shard K of N (`--partition`), or what failed last time (`--failed`).
//!
//! The plan is cut into units that go to one shard whole: a (program, case) of a solution, port
//! or brute force; a wrong solution with all its cases (it passes when some case catches it, so
//! its cases cannot be judged apart); a problem without a solution. Each unit has a key that names
//! it across runs and machines: `problem/program/case`, `problem/program`, `problem`.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

use sha2::{Digest, Sha256};

use crate::records::program_path;
use judging::{Planned, Role};

/// How units are dealt to shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// Balanced by expected cost: longest first onto the least loaded shard.
    Count,
    /// By a stable hash of the unit's key: a unit stays in its shard when others come and go.
    Hash,
}

/// Shard `k` of `n` (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partition {
    pub scheme: Scheme,
    pub k: usize,
    pub n: usize,
}

impl FromStr for Partition {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (scheme, rest) = match s.split_once(':') {
            Some(("count", rest)) => (Scheme::Count, rest),
            Some(("hash", rest)) => (Scheme::Hash, rest),
            Some((other, _)) => {
                return Err(format!(
                    "unknown partition scheme `{other}` (use count:K/N or hash:K/N)"
                ))
            }
            None => (Scheme::Count, s),
        };
        let bad = || format!("`{s}` is not K/N with 1 <= K <= N (e.g. 2/4, count:2/4, hash:2/4)");
        let (k, n) = rest.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Partition { scheme, k, n })
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = match self.scheme {
            Scheme::Count => "count",
            Scheme::Hash => "hash",
        };
        write!(f, "{scheme}:{}/{}", self.k, self.n)
    }
}

/// A unit of work: what goes to one shard whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub key: String,
    /// Indexes into the plan: the problem, the subject (none for a problem without one), the cases.
    pub problem: usize,
    pub subject: Option<usize>,
    pub cases: Vec<usize>,
    /// The key of each case (`problem/program/case`) and its input's size, for the cost.
    pub case_keys: Vec<String>,
    pub input_bytes: Vec<u64>,
}

/// The units of a plan, in plan order.
pub fn units(plan: &[Planned], root: &Path) -> Vec<Unit> {
    let mut units = Vec::new();
    for (p, planned) in plan.iter().enumerate() {
        let slug = &planned.problem.slug;
        if planned.subjects.is_empty() {
            units.push(Unit {
                key: slug.clone(),
                problem: p,
                subject: None,
                cases: Vec::new(),
                case_keys: Vec::new(),
                input_bytes: Vec::new(),
            });
        }
        for (s, subject) in planned.subjects.iter().enumerate() {
            let program = program_path(root, &subject.source);
            let unit = |cases: Vec<usize>, key: String| Unit {
                key,
                problem: p,
                subject: Some(s),
                case_keys: cases
                    .iter()
                    .map(|&c| format!("{slug}/{program}/{}", planned.cases[c].name))
                    .collect(),
                input_bytes: cases
                    .iter()
                    .map(|&c| planned.cases[c].input.len())
                    .collect(),
                cases,
            };
            if matches!(subject.role, Role::Wrong { .. }) {
                units.push(unit(
                    (0..planned.cases.len()).collect(),
                    format!("{slug}/{program}"),
                ));
            } else {
                for (c, case) in planned.cases.iter().enumerate() {
                    units.push(unit(vec![c], format!("{slug}/{program}/{}", case.name)));
                }
            }
        }
    }
    units
}

/// Past wall-clock times by case key (`None`: the case was not run), from an earlier run.
pub type Timings = HashMap<String, Option<u64>>;

/// The expected cost of a run with an input of `bytes` when no timing is known, in µs: a process
/// start (~2 ms) and reading the input at ~50 MB/s. A guess that only has to order the units.
pub fn estimate_us(bytes: u64) -> u64 {
    2000 + bytes / 50
}

/// The expected cost of a unit in µs: past wall-clock times where known, else the estimate.
pub fn cost(unit: &Unit, timings: &Timings) -> u64 {
    let cases: u64 = unit
        .case_keys
        .iter()
        .zip(&unit.input_bytes)
        .map(|(key, &bytes)| match timings.get(key) {
            // A past time is read from a file: a huge one saturates (the unit goes first).
            Some(Some(ms)) => ms.saturating_mul(1000).max(500),
            Some(None) => 0,
            None => estimate_us(bytes),
        })
        .fold(0u64, u64::saturating_add);
    cases.max(1)
}

/// The first 8 bytes of the SHA-256 of `key`: the same on every machine and every Rust version.
pub fn stable_hash(key: &str) -> u64 {
    let digest = Sha256::digest(key.as_bytes());
    u64::from_be_bytes(digest[..8].try_into().expect("8 bytes"))
}

/// The shard (0-based) of every unit. Deterministic: the same units and timings give the same
/// shards on every machine.
pub fn assign(units: &[Unit], n: usize, scheme: Scheme, timings: &Timings) -> Vec<usize> {
    match scheme {
        Scheme::Hash => units
            .iter()
            .map(|u| (stable_hash(&u.key) % n as u64) as usize)
            .collect(),
        Scheme::Count => {
            let costs: Vec<u64> = units.iter().map(|u| cost(u, timings)).collect();
            let mut order: Vec<usize> = (0..units.len()).collect();
            order.sort_by(|&a, &b| {
                costs[b]
                    .cmp(&costs[a])
                    .then_with(|| units[a].key.cmp(&units[b].key))
                    .then(a.cmp(&b))
            });
            let mut load = vec![0u64; n];
            let mut shard = vec![0; units.len()];
            for i in order {
                let least = (0..n).min_by_key(|&s| (load[s], s)).expect("n >= 1");
                load[least] = load[least].saturating_add(costs[i]);
                shard[i] = least;
            }
            shard
        }
    }
}

/// The plan cut down to the kept units. A problem's subjects that keep the same cases stay
/// together, so keeping every unit gives back the plan as it was.
pub fn restrict(plan: Vec<Planned>, units: &[Unit], keep: &[bool]) -> Vec<Planned> {
    let mut kept: HashMap<(usize, Option<usize>), Vec<usize>> = HashMap::new();
    for (u, _) in units.iter().zip(keep).filter(|(_, &k)| k) {
        kept.entry((u.problem, u.subject))
            .or_default()
            .extend(&u.cases);
    }
    let mut out = Vec::new();
    for (p, planned) in plan.into_iter().enumerate() {
        if planned.subjects.is_empty() {
            if kept.contains_key(&(p, None)) {
                out.push(planned);
            }
            continue;
        }
        let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for s in 0..planned.subjects.len() {
            let Some(cases) = kept.get_mut(&(p, Some(s))) else {
                continue;
            };
            cases.sort_unstable();
            cases.dedup();
            match groups.iter_mut().find(|(c, _)| c == cases) {
                Some((_, subjects)) => subjects.push(s),
                None => groups.push((cases.clone(), vec![s])),
            }
        }
        for (cases, subjects) in groups {
            out.push(Planned {
                problem: planned.problem.clone(),
                cases: cases.iter().map(|&c| planned.cases[c].clone()).collect(),
                subjects: subjects
                    .iter()
                    .map(|&s| planned.subjects[s].clone())
                    .collect(),
                tools: planned.tools.clone(),
                notes: planned.notes.clone(),
                not_written: planned.not_written.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(key: &str, bytes: &[u64]) -> Unit {
        Unit {
            key: key.into(),
            problem: 0,
            subject: Some(0),
            cases: (0..bytes.len()).collect(),
            case_keys: (0..bytes.len()).map(|i| format!("{key}/{i}")).collect(),
            input_bytes: bytes.to_vec(),
        }
    }

    #[test]
    fn partitions_parse_like_nextest() {
        let p: Partition = "hash:2/4".parse().unwrap();
        assert_eq!((p.scheme, p.k, p.n), (Scheme::Hash, 2, 4));
        assert_eq!(p.to_string(), "hash:2/4");
        let p: Partition = "3/3".parse().unwrap();
        assert_eq!(p.to_string(), "count:3/3");
        for bad in ["0/3", "4/3", "1/0", "x/2", "2", "slice:1/2", "1/2/3"] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_hash_is_fixed() {
        // SHA-256 of "a": ca978112ca1bbdca…
        assert_eq!(stable_hash("a"), 0xca97_8112_ca1b_bdca);
    }

    #[test]
    fn count_deals_longest_first_onto_the_least_loaded_shard() {
        let units = vec![
            unit("a", &[100_000]), // 4000 µs
            unit("b", &[0]),       // 2000
            unit("c", &[0]),       // 2000
            unit("d", &[0, 0]),    // 4000
        ];
        let shards = assign(&units, 2, Scheme::Count, &Timings::new());
        // a and d (4000 each) first: a (key order) to shard 0, d to 1; then b to 0, c to 1.
        assert_eq!(shards, [0, 0, 1, 1]);
        // A past timing changes the order: b took 50 ms last time.
        let timings = Timings::from([("b/0".to_string(), Some(50))]);
        let shards = assign(&units, 2, Scheme::Count, &timings);
        assert_eq!(shards, [1, 0, 1, 1]);
    }

    #[test]
    fn every_scheme_covers_every_unit_once_and_balances_by_count() {
        let units: Vec<Unit> = (0..40)
            .map(|i| unit(&format!("p/x/{i}"), &[i * 7]))
            .collect();
        for n in 1..=5 {
            for scheme in [Scheme::Count, Scheme::Hash] {
                let shards = assign(&units, n, scheme, &Timings::new());
                assert!(shards.iter().all(|&s| s < n));
                assert_eq!(shards, assign(&units, n, scheme, &Timings::new()));
                if scheme == Scheme::Count {
                    let mut counts = vec![0; n];
                    for s in shards {
                        counts[s] += 1;
                    }
                    let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
                    assert!(hi - lo <= 1, "{n}: {counts:?}");
                }
            }
        }
    }

    #[test]
    fn huge_past_times_from_a_file_saturate_and_still_deal_every_unit() {
        let units = vec![unit("a", &[0, 0]), unit("b", &[0]), unit("c", &[0])];
        let timings = Timings::from([
            ("a/0".to_string(), Some(u64::MAX)),
            ("a/1".to_string(), Some(u64::MAX / 999)),
            ("b/0".to_string(), Some(u64::MAX)),
        ]);
        assert_eq!(cost(&units[0], &timings), u64::MAX);
        // a and b cost the most (a first by key), each to a shard of its own; both loads
        // saturate instead of overflowing, and c goes to the first of the two.
        assert_eq!(assign(&units, 2, Scheme::Count, &timings), [0, 1, 0]);
    }
}
