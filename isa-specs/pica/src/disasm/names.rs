//! Identifiers: which names picasso accepts, and a registry that hands out
//! unique ones for what the binary does not name (procedures, labels,
//! constants, outputs).

use std::collections::{BTreeMap, HashSet};

/// Whether `name` is a picasso identifier (`[A-Za-z_$][A-Za-z0-9_$]*`) that
/// can be used as an alias without shadowing a register or an index
/// register (`c5`, `b0`, `a0`, `aL`, `lcnt`).
pub(super) fn usable(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let valid = (first.is_ascii_alphabetic() || first == '_' || first == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    let bytes = name.as_bytes();
    // A register file's letter and a digit (the spec's `regs` prefixes).
    let register_like = bytes.len() >= 2
        && bytes[1].is_ascii_digit()
        && crate::LAYOUT.regs.iter().flat_map(|r| r.files).any(|f| {
            f.prefix
                .as_bytes()
                .first()
                .is_some_and(|p| p.eq_ignore_ascii_case(&bytes[0]))
        });
    let reserved = ["a0", "a1", "a2", "a01", "aL", "lcnt", "cmp"]
        .iter()
        .any(|r| r.eq_ignore_ascii_case(name));
    valid && !register_like && !reserved
}

/// The source spelling of a DVLE symbol: picasso writes `$` in identifiers
/// as `.`, so `.` goes back to `$`. `None` when no picasso identifier gives
/// exactly this symbol (a literal `$`, a leading `_`, which marks a private
/// uniform, or a character identifiers cannot hold).
pub(super) fn source_name(symbol: &str) -> Option<String> {
    if symbol.contains('$') || symbol.starts_with('_') {
        return None;
    }
    let name = symbol.replace('.', "$");
    usable(&name).then_some(name)
}

/// Names in use, so that invented ones never collide with real ones. A
/// scope made with [`Names::scope`] sees its parent's names (the file-wide
/// ones) and adds its own (one DVLE text's aliases) without copying them.
#[derive(Clone, Debug, Default)]
pub(super) struct Names<'p> {
    parent: Option<&'p Names<'p>>,
    taken: HashSet<String>,
    counters: BTreeMap<String, usize>,
}

impl<'p> Names<'p> {
    /// A scope inside `self`.
    pub(super) fn scope(&'p self) -> Names<'p> {
        Names {
            parent: Some(self),
            taken: HashSet::new(),
            counters: BTreeMap::new(),
        }
    }

    /// Marks `name` as used (a symbol from the file).
    pub(super) fn reserve(&mut self, name: &str) {
        self.taken.insert(name.to_owned());
    }

    /// Whether `name` is free here and in every enclosing scope.
    pub(super) fn is_free(&self, name: &str) -> bool {
        !self.taken.contains(name) && self.parent.is_none_or(|p| p.is_free(name))
    }

    /// Takes `name` if it is free and usable.
    pub(super) fn claim(&mut self, name: &str) -> bool {
        if usable(name) && self.is_free(name) {
            self.reserve(name);
            true
        } else {
            false
        }
    }

    /// `base` if free, else `base_1`, `base_2`, …
    pub(super) fn fresh(&mut self, base: &str) -> String {
        if self.claim(base) {
            return base.to_owned();
        }
        loop {
            let n = self.counters.entry(base.to_owned()).or_insert(0);
            *n += 1;
            let candidate = format!("{base}_{n}");
            if self.claim(&candidate) {
                return candidate;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert!(usable("projection"));
        assert!(usable("light$dir"));
        assert!(usable("outpos"));
        assert!(!usable("c5"));
        assert!(!usable("r0x"));
        assert!(!usable("aL"));
        assert!(!usable("9lives"));
        assert!(!usable(""));
        assert!(!usable("a-b"));
        assert_eq!(source_name("light.dir").as_deref(), Some("light$dir"));
        assert_eq!(source_name("_private"), None);
        assert_eq!(source_name("a$b"), None);
    }

    #[test]
    fn fresh_names_do_not_collide() {
        let mut names = Names::default();
        names.reserve("label_001");
        assert_eq!(names.fresh("main"), "main");
        assert_eq!(names.fresh("main"), "main_1");
        assert_eq!(names.fresh("label_001"), "label_001_1");
        let mut inner = names.scope();
        assert_eq!(inner.fresh("main"), "main_2");
        assert_eq!(inner.fresh("outpos"), "outpos");
        let mut other = names.scope();
        assert_eq!(other.fresh("outpos"), "outpos");
    }
}
