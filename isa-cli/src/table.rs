//! The aligned field table that `explain` and `decode` print.

use isa_runtime::explain::FieldReport;

/// A field's bits as `hi..lo`, or `n` for a single bit.
pub fn bit_range(lo: u32, width: u32) -> String {
    let hi = lo + width.saturating_sub(1);
    if hi == lo {
        format!("{lo}")
    } else {
        format!("{hi}..{lo}")
    }
}

/// A field's raw value in hex, with one digit per started nibble of its width.
pub fn raw_hex(raw: u64, width: u32) -> String {
    let digits = width.div_ceil(4).max(1) as usize;
    format!("0x{raw:0digits$x}")
}

/// The rows of `fields` as aligned lines, most significant field first:
/// field, bits, raw value, meaning and doc. Every line starts with `indent`.
pub fn render(fields: &[FieldReport], indent: &str) -> Vec<String> {
    let header = ["field", "bits", "raw", "value", "doc"].map(String::from);
    let mut rows = vec![header];
    let mut sorted: Vec<&FieldReport> = fields.iter().collect();
    sorted.sort_by_key(|f| std::cmp::Reverse(f.lo));
    for f in sorted {
        rows.push([
            f.name.clone(),
            bit_range(f.lo, f.width),
            raw_hex(f.raw, f.width),
            if f.value.is_empty() {
                "(none)".into()
            } else {
                f.value.clone()
            },
            f.doc.to_string(),
        ]);
    }
    let mut widths = [0usize; 5];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    rows.iter()
        .map(|row| {
            let mut line = String::from(indent);
            for (i, (cell, w)) in row.iter().zip(widths).enumerate() {
                if i > 0 {
                    line.push_str("  ");
                }
                line.push_str(cell);
                let pad = w - cell.chars().count();
                line.extend(std::iter::repeat_n(' ', pad));
            }
            line.trim_end().to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_hex() {
        assert_eq!(bit_range(26, 6), "31..26");
        assert_eq!(bit_range(4, 1), "4");
        assert_eq!(raw_hex(8, 6), "0x08");
        assert_eq!(raw_hex(1, 1), "0x1");
    }
}
