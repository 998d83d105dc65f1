//! The syntax tree of a semantics string: statements `target = expression`.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// A half-open byte range into the parsed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The range `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it is.
    pub span: Span,
}

/// One statement: `target[.swizzle] = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// The name assigned to (an operand or a state name).
    pub target: Ident,
    /// The components assigned, if the target is swizzled (`dst.xyz`).
    pub swizzle: Option<Ident>,
    /// The value.
    pub value: Expr,
}

/// An expression and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is (for substituted nodes, where the node they replace was).
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number literal, as written (`1.0`, `2`, `1e-3`).
    Number(String),
    /// `true` or `false`.
    Bool(bool),
    /// An operand, a state name or (after substitution) any variable.
    Name(String),
    /// `-e`, `+e`, `!e`.
    Unary(UnaryOp, Box<Expr>),
    /// `a op b`.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A built-in function or a type constructor: `dot(a, b)`, `float4(x)`.
    Call(Ident, Vec<Expr>),
    /// A method call: `image.eval(coord)`.
    Method(Box<Expr>, Ident, Vec<Expr>),
    /// A swizzle: `e.xyz`.
    Swizzle(Box<Expr>, Ident),
    /// Indexing: `e[i]` (for an operand, the register `i` after it).
    Index(Box<Expr>, Box<Expr>),
}

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`
    Neg,
    /// `+`
    Plus,
    /// `!`
    Not,
}

/// An infix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

impl UnaryOp {
    /// The operator as written.
    pub const fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Plus => "+",
            UnaryOp::Not => "!",
        }
    }
}

impl BinaryOp {
    /// Every operator, each with its symbol.
    pub const ALL: [(BinaryOp, &'static str); 13] = [
        (BinaryOp::Or, "||"),
        (BinaryOp::And, "&&"),
        (BinaryOp::Eq, "=="),
        (BinaryOp::Ne, "!="),
        (BinaryOp::Lt, "<"),
        (BinaryOp::Gt, ">"),
        (BinaryOp::Le, "<="),
        (BinaryOp::Ge, ">="),
        (BinaryOp::Add, "+"),
        (BinaryOp::Sub, "-"),
        (BinaryOp::Mul, "*"),
        (BinaryOp::Div, "/"),
        (BinaryOp::Rem, "%"),
    ];

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        BinaryOp::ALL.iter().find(|(op, _)| *op == self).map_or("?", |(_, s)| s)
    }

    /// The operator written `symbol`.
    pub fn from_symbol(symbol: &str) -> Option<BinaryOp> {
        BinaryOp::ALL.iter().find(|(_, s)| *s == symbol).map(|(op, _)| *op)
    }

    /// Binding strength: higher binds tighter (`||` 2 … `*` 7; `?:` is 1).
    pub const fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 2,
            BinaryOp::And => 3,
            BinaryOp::Eq | BinaryOp::Ne => 4,
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge => 5,
            BinaryOp::Add | BinaryOp::Sub => 6,
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 7,
        }
    }

    /// Whether the result is a `bool` (comparisons and logic).
    pub const fn is_boolean(self) -> bool {
        self.precedence() <= 5
    }
}

impl Expr {
    /// An expression of this kind at `span`.
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }

    /// A variable reference.
    pub fn name(name: impl Into<String>, span: Span) -> Self {
        Expr::new(ExprKind::Name(name.into()), span)
    }

    /// `self.components` (the swizzle text, such as `xyz`).
    pub fn swizzle(self, components: impl Into<String>) -> Self {
        let span = self.span;
        Expr::new(
            ExprKind::Swizzle(
                Box::new(self),
                Ident {
                    name: components.into(),
                    span,
                },
            ),
            span,
        )
    }

    /// A call of `function` with `args`.
    pub fn call(function: impl Into<String>, args: Vec<Expr>, span: Span) -> Self {
        let name = Ident {
            name: function.into(),
            span,
        };
        Expr::new(ExprKind::Call(name, args), span)
    }

    /// The number literal's value, if this is one.
    pub fn number(&self) -> Option<f64> {
        match &self.kind {
            ExprKind::Number(text) => text.parse().ok(),
            _ => None,
        }
    }
}

/// The components of a swizzle (`0` = x … `3` = w), when `text` is 1 to 4
/// letters all of `xyzw` or all of `rgba`.
pub fn swizzle_components(text: &str) -> Option<Vec<usize>> {
    if text.is_empty() || text.len() > 4 {
        return None;
    }
    ["xyzw", "rgba"]
        .iter()
        .find_map(|set| text.chars().map(|c| set.find(c)).collect::<Option<Vec<usize>>>())
}

/// `xyzw` letters for component indices (0 = x).
pub fn letters(components: &[usize]) -> String {
    components.iter().map(|&c| ['x', 'y', 'z', 'w'][c & 3]).collect()
}
