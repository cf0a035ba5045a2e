//! The ranges a problem's limits must lie in, whatever they come from (problem.toml, a
//! fixture's case, a package, a Competitive Companion payload): the runner holds them in
//! `u64`s of ms and KiB and multiplies them (KiB × 1024, the wall clock twice the CPU time),
//! so a value from outside is checked before it is kept, with the field named.

use std::ops::RangeInclusive;

/// A time limit: 1 ms … 1 h.
pub const TIME_MS: RangeInclusive<u64> = 1..=3_600_000;
/// A memory limit: 1 MiB … 1 TiB.
pub const MEMORY_KIB: RangeInclusive<u64> = 1024..=(1 << 30);
/// An output limit: 1 KiB … 1 TiB.
pub(crate) const OUTPUT_KIB: RangeInclusive<u64> = 1..=(1 << 30);

/// `value` of `field` if it lies in `range` (`unit`: how the range is shown).
pub fn check(
    field: &str,
    value: u64,
    range: &RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, String> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{field} = {value}: out of range ({} … {} {unit})",
            range.start(),
            range.end()
        ))
    }
}

/// `value` of `field`, a time limit in ms: 1 ms to 1 h, else why not.
pub fn time_ms(field: &str, value: u64) -> Result<u64, String> {
    check(field, value, &TIME_MS, "ms: 1 ms … 1 h")
}

/// `value` of `field`, a memory limit in KiB: 1 MiB to 1 TiB, else why not.
pub fn memory_kib(field: &str, value: u64) -> Result<u64, String> {
    check(field, value, &MEMORY_KIB, "KiB: 1 MiB … 1 TiB")
}

/// `value` of `field`, an output limit in KiB: 1 KiB to 1 TiB, else why not.
pub fn output_kib(field: &str, value: u64) -> Result<u64, String> {
    check(field, value, &OUTPUT_KIB, "KiB: 1 KiB … 1 TiB")
}

/// A number from a package (`value` of `field`, in its own unit) times `scale`, as a whole
/// number of the runner's unit, if it is finite and lands in `range`; `Err` names the field
/// and the value as the package wrote it.
pub fn scaled(
    field: &str,
    value: f64,
    scale: f64,
    range: &RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, String> {
    let x = (value * scale).round();
    let fits = x.is_finite() && x >= *range.start() as f64 && x <= *range.end() as f64;
    if fits {
        Ok(x as u64)
    } else {
        Err(format!(
            "{field} = {value}: out of the range the runner holds ({} … {} {unit})",
            *range.start() as f64 / scale,
            *range.end() as f64 / scale
        ))
    }
}

/// Seconds from outside as a time limit in ms.
pub fn seconds_as_ms(field: &str, seconds: f64) -> Result<u64, String> {
    scaled(field, seconds, 1000.0, &TIME_MS, "s")
}

/// MiB from outside as a memory limit in KiB.
pub fn mib_as_memory_kib(field: &str, mib: f64) -> Result<u64, String> {
    scaled(field, mib, 1024.0, &MEMORY_KIB, "MiB")
}

/// MiB from outside as an output limit in KiB.
pub fn mib_as_output_kib(field: &str, mib: f64) -> Result<u64, String> {
    scaled(field, mib, 1024.0, &OUTPUT_KIB, "MiB")
}

/// Serde checks for problem.toml's fields: the error lands on the value's line.
pub mod de {
    use serde::{de::Error, Deserialize, Deserializer};

    fn with<'de, D: Deserializer<'de>>(
        d: D,
        f: fn(&str, u64) -> Result<u64, String>,
        field: &str,
    ) -> Result<u64, D::Error> {
        let v = u64::deserialize(d)?;
        f(field, v).map_err(D::Error::custom)
    }

    /// `time_limit_ms`, deserialized within its range.
    pub fn time_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        with(d, super::time_ms, "time_limit_ms")
    }

    /// `memory_limit_kib`, deserialized within its range.
    pub fn memory_kib<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        with(d, super::memory_kib, "memory_limit_kib")
    }

    /// `output_limit_kib`, deserialized within its range (absent: none).
    pub fn output_kib<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        with(d, super::output_kib, "output_limit_kib").map(Some)
    }

    pub(crate) fn case_time_ms<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        with(d, super::time_ms, "time_limit_ms").map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_from_outside_land_in_range_or_are_named() {
        assert_eq!(seconds_as_ms("limits.time_limit", 1.5), Ok(1500));
        for bad in [-5.0, 0.0, 1e300, f64::NAN, f64::INFINITY, 3601.0] {
            let e = seconds_as_ms("limits.time_limit", bad).unwrap_err();
            assert!(e.starts_with("limits.time_limit = "), "{e}");
        }
        assert_eq!(mib_as_memory_kib("limits.memory", 2048.0), Ok(2 << 20));
        assert!(mib_as_memory_kib("limits.memory", 1e15).is_err());
        assert!(mib_as_memory_kib("limits.memory", 0.5).is_err());
        assert_eq!(mib_as_output_kib("limits.output", 8.0), Ok(8192));
        assert!(time_ms("time_limit_ms", 0).is_err());
        assert!(memory_kib("memory_limit_kib", u64::MAX).is_err());
        assert_eq!(memory_kib("memory_limit_kib", 1 << 30), Ok(1 << 30));
    }
}
