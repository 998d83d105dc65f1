use alloc::string::ToString;
use alloc::vec::Vec;

use super::*;

fn round_trip(text: &str) -> alloc::string::String {
    let s = parse(text).unwrap();
    s.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

#[test]
fn prints_what_it_parses() {
    for text in [
        "dst = src1",
        "dst = 1.0 - step(src2, src1)",
        "dst.xyz = float3(dot(src1.xyz, src2[0].xyz), dot(src1.xyz, src2[1].xyz), dot(src1.xyz, src2[2].xyz))",
        "a0 = int2(src1.xy)",
        "dst = src1 * src2 + src3",
        "dst = sampler.eval(src1)",
        "cond = all(equal(src1, src2)); kill = src1.x < 0.0",
        "dst = a ? b : c",
        "dst = -src1",
        "dst = (a + b) * c",
        "dst = a - (b - c)",
        "dst = -(-a)",
        "dst = !(a && b) || c",
    ] {
        assert_eq!(round_trip(text), text);
    }
    assert_eq!(round_trip("dst = ((a)) * (b * c);"), "dst = a * (b * c)");
}

#[test]
fn syntax_errors_have_spans() {
    let e = parse("dst = (src + 1").unwrap_err();
    assert_eq!(
        (e.span, e.message.as_str()),
        (Span::new(14, 15), "expected `)`, found the end of the expression")
    );
    let e = parse("dst = src $").unwrap_err();
    assert_eq!(e.span, Span::new(10, 11));
    assert_eq!(e.to_string(), e.message);
    assert!(parse("= src").is_err());
    assert!(parse("dst = src.").is_err());
    assert!(parse("dst = src src").is_err());
}

#[test]
fn checks_in_source_order() {
    let known = |n: &str| ["dst", "src"].contains(&n);
    let first = |t: &str| check(&parse(t).unwrap(), &known).unwrap_err();
    assert_eq!(
        first("dst = clamp(scr, 0.0)").kind,
        CheckErrorKind::UnknownName("scr".into())
    );
    let e = first("dst = clamp(src, 0.0)");
    assert_eq!(
        (e.span, e.kind.to_string()),
        (Span::new(6, 11), "`clamp` takes 3 argument(s), found 2".into())
    );
    assert_eq!(first("dst = src.xyzq").kind, CheckErrorKind::BadSwizzle("xyzq".into()));
    assert_eq!(
        first("dst = dFdx(src)").kind,
        CheckErrorKind::UnknownFunction("dFdx".into())
    );
    assert_eq!(
        first("dst = float4()").kind,
        CheckErrorKind::EmptyConstructor("float4".into())
    );
    assert_eq!(
        first("dst = src.sample(src)").kind,
        CheckErrorKind::UnknownMethod("sample".into())
    );
    assert!(check(&parse("dst = src.eval(src.xy).rgba").unwrap(), &known).is_ok());
}

#[test]
fn types() {
    let names = |n: &str| (n != "none").then_some(Ty::float(4));
    let ty = |t: &str| infer(&parse_expr(t).unwrap(), &names);
    assert_eq!(ty("dot(a.xyz, b.xyz)"), Ok(Ty::FLOAT));
    assert_eq!(ty("1.0 / a"), Ok(Ty::float(4)));
    assert_eq!(ty("normalize(a.xyz)"), Ok(Ty::float(3)));
    assert_eq!(ty("equal(a, b)"), Ok(Ty::bool(4)));
    assert_eq!(ty("float4(equal(a, b))"), Ok(Ty::float(4)));
    assert_eq!(ty("all(equal(a, b))"), Ok(Ty::bool(1)));
    assert_eq!(ty("a.x < 0.0"), Ok(Ty::bool(1)));
    assert_eq!(ty("cross(a.xyz, b.xyz).xy"), Ok(Ty::float(2)));
    assert!(ty("a.xyz + b").is_err());
    assert!(ty("none").is_err());
    assert!(ty("a.xyz.w").is_err());
    assert_eq!(ty("s.eval(a.xy)"), Ok(Ty::float(4)));
    assert!(ty("s.sample(a.xy)").is_err());
    assert_eq!(ty("a.x < 0.0 ? a.xy : b.zw"), Ok(Ty::float(2)));
    assert!(ty("a.x < 0.0 ? a.xy : b").is_err());
}

#[test]
fn narrowing_pushes_swizzles_inside() {
    let names = |n: &str| Some(if n == "s" { Ty::FLOAT } else { Ty::float(4) });
    let n = |t: &str, c: &[usize]| narrow(&parse_expr(t).unwrap(), c, &names).to_string();
    assert_eq!(n("min(a, b)", &[0, 1, 2]), "min(a.xyz, b.xyz)");
    assert_eq!(n("a.wzyx * 2.0 - b", &[0, 2]), "a.wy * 2.0 - b.xz");
    assert_eq!(n("1.0 - step(b, a)", &[1]), "1.0 - step(b.y, a.y)");
    assert_eq!(n("float4(dot(a, b), dot(a, c), s, s)", &[1, 3]), "float2(dot(a, c), s)");
    assert_eq!(n("float4(equal(a, b))", &[0, 3]), "float2(equal(a.xw, b.xw))");
    assert_eq!(n("float4(s)", &[0, 3]), "float2(s)");
    assert_eq!(n("float4(dot(a, b), s, s, s)", &[0]), "dot(a, b)");
    assert_eq!(n("normalize(a.xyz)", &[0, 1]), "normalize(a.xyz).xy");
    assert_eq!(n("a + s", &[0, 1, 2, 3]), "a + s");
    assert_eq!(n("-a", &[2]), "-a.z");
    assert_eq!(n("float4(equal(a, b))", &[1]), "float(a.y == b.y)");
    assert_eq!(n("float4(not(lessThan(a, b)))", &[1]), "float(!(a.y < b.y))");
}

/// How deep a tree is (a leaf is 1).
fn tree_depth(e: &Expr) -> usize {
    let below = match &e.kind {
        ExprKind::Number(_) | ExprKind::Bool(_) | ExprKind::Name(_) => 0,
        ExprKind::Unary(_, a) | ExprKind::Swizzle(a, _) => tree_depth(a),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => tree_depth(a).max(tree_depth(b)),
        ExprKind::Select(a, b, c) => tree_depth(a).max(tree_depth(b)).max(tree_depth(c)),
        ExprKind::Call(_, args) => args.iter().map(tree_depth).max().unwrap_or(0),
        ExprKind::Method(a, _, args) => args.iter().map(tree_depth).max().unwrap_or(0).max(tree_depth(a)),
    };
    below + 1
}

/// An expression of some shape, `n` constructs deep.
type Shape = fn(usize) -> alloc::string::String;

#[test]
fn expressions_nest_at_most_max_depth_levels() {
    let shapes: [(&str, Shape); 8] = [
        ("parentheses", |n| alloc::format!("{}a{}", "(".repeat(n), ")".repeat(n))),
        ("signs", |n| alloc::format!("{}a", "-".repeat(n))),
        ("a sum", |n| alloc::format!("a{}", " + a".repeat(n))),
        ("swizzles", |n| alloc::format!("a{}", ".x".repeat(n))),
        ("indexes", |n| alloc::format!("a{}", "[0]".repeat(n))),
        ("calls", |n| alloc::format!("{}a{}", "abs(".repeat(n), ")".repeat(n))),
        ("selects", |n| alloc::format!("{}a", "b ? c : ".repeat(n))),
        ("method calls", |n| alloc::format!("a{}", ".eval(b)".repeat(n))),
    ];
    let mut deepest_of_all = 0;
    for (what, shape) in shapes {
        // The first count that is refused, and the error it gets.
        let refused = (0..=MAX_DEPTH + 1).find(|&n| parse_expr(&shape(n)).is_err());
        let Some(refused) = refused else {
            panic!("{what}: {} levels still parse", MAX_DEPTH + 1)
        };
        assert!(refused > MAX_DEPTH / 2, "{what}: refused at {refused}");
        let deepest = parse_expr(&shape(refused - 1)).unwrap();
        let depth = tree_depth(&deepest);
        assert!(depth <= MAX_DEPTH, "{what}: a tree {depth} deep parses");
        deepest_of_all = deepest_of_all.max(depth);
        let error = parse_expr(&shape(refused)).unwrap_err();
        assert!(
            error.message.starts_with("the expression nests deeper than 64 levels"),
            "{what}: {}",
            error.message
        );
        // Far deeper: the same error, found without exhausting the stack.
        let error = parse(&alloc::format!("dst = {}", shape(100_000))).unwrap_err();
        assert!(
            error.message.starts_with("the expression nests deeper"),
            "{what}: {}",
            error.message
        );
    }
    // Some shape reaches the limit itself.
    assert_eq!(deepest_of_all, MAX_DEPTH);
}

/// The small pieces the lift builds on: a span covering two, a number
/// literal's value, a swizzle's components (1 to 4 letters of one set),
/// and what a constructor makes.
#[test]
fn spans_numbers_swizzles_and_constructors() {
    assert_eq!(Span::new(4, 6).to(Span::new(1, 3)), Span::new(1, 6));
    assert_eq!(Span::new(1, 9).to(Span::new(2, 3)), Span::new(1, 9));
    assert_eq!(parse_expr("2.5").unwrap().number(), Some(2.5));
    assert_eq!(parse_expr("a").unwrap().number(), None);
    assert_eq!(swizzle_components("wzx"), Some(alloc::vec![3, 2, 0]));
    assert_eq!(swizzle_components("ga"), Some(alloc::vec![1, 3]));
    for bad in ["", "xxxxx", "xg", "q"] {
        assert_eq!(swizzle_components(bad), None, "{bad:?}");
    }
    assert_eq!(constructor("float3"), Some((3, false)));
    assert_eq!(constructor("bool3"), Some((3, true)));
    assert_eq!(constructor("bool"), Some((1, true)));
    assert_eq!(constructor("float2x2"), None);
    assert_eq!(constructor("abs"), None);
}

/// A statement's target must be a known name; a built-in called with one
/// of its argument counts passes.
#[test]
fn targets_are_known_names_and_built_ins_take_their_counts() {
    let known = |n: &str| ["dst", "src"].contains(&n);
    let checked = |t: &str| check(&parse(t).unwrap(), &known);
    assert_eq!(
        checked("dts = src").unwrap_err().kind,
        CheckErrorKind::UnknownName("dts".into())
    );
    assert_eq!(checked("dst = max(src, src); dst.x = clamp(src.x, 0.0, 1.0)"), Ok(()));
}

/// A narrowed comparison stays whole: its operands are not per component.
#[test]
fn narrowing_keeps_comparisons_whole() {
    let names = |n: &str| Some(if n == "s" { Ty::FLOAT } else { Ty::float(4) });
    let n = |t: &str, c: &[usize]| narrow(&parse_expr(t).unwrap(), c, &names).to_string();
    assert_eq!(n("a.x < s", &[0, 0]), "(a.x < s).xx");
    // One component of a vector relational function is its operator.
    for (function, op) in [
        ("equal", "=="),
        ("notEqual", "!="),
        ("lessThan", "<"),
        ("lessThanEqual", "<="),
        ("greaterThan", ">"),
        ("greaterThanEqual", ">="),
    ] {
        assert_eq!(
            n(&alloc::format!("float4({function}(a, b))"), &[2]),
            alloc::format!("float(a.z {op} b.z)")
        );
    }
    // A constructor of mixed widths keeps the swizzle outside.
    assert_eq!(n("float4(a.xy, s, s)", &[0]), "float4(a.xy, s, s).x");
}

/// Numbers keep their text (exponents, a leading point); `+`, `true` and
/// `false` read as themselves; operators of one level group to the left;
/// a select inside an operator and a number before a swizzle keep their
/// parentheses.
#[test]
fn numbers_signs_booleans_and_grouping_print_back() {
    for text in [
        "dst = 1.5e-3 * .5 + 2E+4 - 3e2",
        "dst = +a",
        "dst = a - b - c",
        "dst = a / b * c",
        "dst = (a ? b : c) * d",
        "dst = (1.0).x",
        "dst = true ? a : b",
    ] {
        assert_eq!(round_trip(text), text);
    }
    // An exponent with no digits at the end of the text reads no further.
    for text in ["1e", "1e+", "2.5E-"] {
        assert!(parse_expr(text).is_ok_and(|e| e.number().is_none()), "{text}");
    }
    let number = |t: &str| parse_expr(t).unwrap().number();
    assert_eq!(number("1.5e-3"), Some(0.0015));
    assert_eq!(number("2E+4"), Some(20000.0));
    assert_eq!(number(".5"), Some(0.5));
    assert_eq!(parse_expr("true").unwrap().kind, ExprKind::Bool(true));
    assert_eq!(parse_expr("false").unwrap().kind, ExprKind::Bool(false));
    assert_eq!(parse_expr("truth").unwrap().kind, ExprKind::Name("truth".into()));
    // A call's span runs to its closing parenthesis.
    assert_eq!(parse_expr("max(a, b) ").unwrap().span, Span::new(0, 9));
    assert_eq!(Ty::float(3).name(), "float3");
    assert_eq!(Ty::FLOAT.name(), "float");
    assert_eq!(Ty::bool(1).name(), "bool");
    assert_eq!(Ty::bool(2).name(), "bool2");
}

/// A function the spec declares with the most arguments allowed is
/// checked against that count.
#[test]
fn declared_functions_take_up_to_max_declared_arity() {
    let known = |n: &str| ["dst", "src"].contains(&n);
    let declared = |n: &str| (n == "wide").then_some(MAX_DECLARED_ARITY);
    let args = alloc::vec!["src"; MAX_DECLARED_ARITY].join(", ");
    let call = |args: &str| {
        check_with(
            &parse(&alloc::format!("dst = wide({args})")).unwrap(),
            &known,
            &declared,
        )
    };
    assert_eq!(call(&args), Ok(()));
    let e = call("src").unwrap_err();
    assert_eq!(
        e.kind,
        CheckErrorKind::Arity {
            name: "wide".into(),
            want: &[MAX_DECLARED_ARITY],
            found: 1
        }
    );
}
