//! Spec names → Rust names.

use proc_macro2::{Ident, Span};

/// `dp3` → `Dp3`, `mul.v0` → `MulV0`, `a0_x` → `A0X`.
pub fn camel_case(name: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in name.chars() {
        if c == '_' || c == '.' || c == '-' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'V');
    }
    out
}

/// A Rust identifier for a spec name, raw (`r#type`) when it is a keyword.
pub fn ident(name: &str) -> Ident {
    let name = name.replace('.', "_");
    if syn::parse_str::<Ident>(&name).is_ok() {
        Ident::new(&name, Span::call_site())
    } else {
        Ident::new_raw(&name, Span::call_site())
    }
}

/// Whether a spec name is a Rust keyword (its identifier is raw, `r#type`).
pub fn is_keyword(name: &str) -> bool {
    ident(name).to_string().starts_with("r#")
}

/// A method named after a spec name: the name, with a trailing `_` when it
/// is a Rust keyword (`type` → `type_`), so callers never write `r#`.
pub fn method_ident(name: &str) -> Ident {
    let name = name.replace('.', "_");
    if is_keyword(&name) {
        Ident::new(&format!("{name}_"), Span::call_site())
    } else {
        Ident::new(&name, Span::call_site())
    }
}

/// The identifier Rust refuses, even raw, that the generator would make
/// of a spec name, if any: a name that is `self`, `super`, `crate` or `_`
/// in any case (the generator uses names as they are, lowercased, and as
/// module names), or one whose type name is `Self` (`self`, `self_`).
/// Every other name becomes an identifier, raw where it is a keyword.
pub fn unusable(name: &str) -> Option<&'static str> {
    match name.to_lowercase().as_str() {
        "self" => Some("self"),
        "super" => Some("super"),
        "crate" => Some("crate"),
        "_" => Some("_"),
        _ => (camel_case(name) == "Self").then_some("Self"),
    }
}

/// Why a name [`unusable`] refused cannot be used, `rust` being its answer:
/// the end of the error that says so.
pub fn unusable_because(rust: &str) -> String {
    format!(": the generated code would need `{rust}` as an identifier, which Rust does not allow")
}

/// `lima_gp` → `LimaGp`.
pub fn type_ident(name: &str) -> Ident {
    Ident::new(&camel_case(name), Span::call_site())
}

/// `Fmt1` → `FMT1`, for statics.
pub fn upper_ident(prefix: &str, name: &str) -> Ident {
    Ident::new(
        &format!("{prefix}_{}", name.to_uppercase().replace('.', "_")),
        Span::call_site(),
    )
}

#[cfg(test)]
mod tests {
    use super::unusable;

    /// The four words in any case, and names whose type is `Self`, are
    /// refused, each with the identifier Rust refuses; names that only
    /// contain them, and keywords Rust takes raw, are not.
    #[test]
    fn names_rust_refuses_even_raw() {
        let refused = [
            ("self", "self"),
            ("SELF", "self"),
            ("Super", "super"),
            ("super", "super"),
            ("crate", "crate"),
            ("CRATE", "crate"),
            ("_", "_"),
            ("self_", "Self"),
            ("_self", "Self"),
        ];
        for (name, rust) in refused {
            assert_eq!(unusable(name), Some(rust), "{name}");
        }
        for name in ["selfish", "super_x", "crates", "__", "type", "Self_x", "s_elf"] {
            assert_eq!(unusable(name), None, "{name}");
        }
    }
}
