//! One `x-kubernetes-validations` rule: read from the schema, checked as the apiserver's CRD
//! validation checks it (`rule`, `message`, `messageExpression`, `reason`, `fieldPath`,
//! `optionalOldSelf`), parsed and type-checked once.

use crate::cel::check::{check_in, CompileError, Want};
use crate::cel::decl::Decl;
use crate::cel::fieldpath::{invalid_path, valid_field_path};
use crate::cel::interp::Program;
use crate::cel::preexisting::Preexisting;
use crate::cel::RuleError;
use crate::field::{go_json, FieldError};
use crate::go::strconv::quote;
use crate::schema::Structural;
use serde_json::Value;
use std::sync::Arc;

/// `reason`: which kind of field error a failed rule gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Invalid,
    Forbidden,
    Required,
    Duplicate,
}

/// A rule ready to run.
#[derive(Debug)]
pub struct Rule {
    pub expr: Program,
    /// `message`, trimmed ("" when not given).
    pub message: String,
    /// The rule text, trimmed.
    pub text: String,
    pub message_expr: Option<Program>,
    /// The `messageExpression` text (named in cost errors).
    pub message_expr_text: String,
    pub reason: Reason,
    /// The normalized `fieldPath` ("" when not given).
    pub field_path: String,
    pub uses_old_self: bool,
    pub optional_old_self: bool,
}

impl Rule {
    /// What errors name the rule by: its message, else its text (`ruleErrorString`).
    pub fn error_string(&self) -> &str {
        if self.message.is_empty() {
            &self.text
        } else {
            &self.message
        }
    }
}

/// A rule the apiserver refuses: its CRD errors and, when it is its compilation that failed,
/// the error's detail (`compilation failed: ...`; the validator built from a CRD holding the
/// rule reports it on every value, `rule compile error: <detail>`).
pub struct Failed {
    pub errors: Vec<RuleError>,
    pub detail: Option<Box<str>>,
}

impl From<Vec<RuleError>> for Failed {
    fn from(errors: Vec<RuleError>) -> Self {
        Failed {
            errors,
            detail: None,
        }
    }
}

/// The raw fields of a rule.
#[derive(Default)]
struct Raw {
    rule: String,
    message: String,
    message_expression: String,
    reason: Option<String>,
    field_path: String,
    optional_old_self: Option<bool>,
}

fn raw(v: &Value) -> Raw {
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    Raw {
        rule: s("rule"),
        message: s("message"),
        message_expression: s("messageExpression"),
        reason: v.get("reason").and_then(Value::as_str).map(str::to_string),
        field_path: s("fieldPath"),
        optional_old_self: v.get("optionalOldSelf").and_then(Value::as_bool),
    }
}

pub use crate::cel::syntax::parse;

/// Rule `i` of the schema node at `node`: where its errors are.
#[derive(Clone, Copy)]
struct Site<'a> {
    node: &'a str,
    i: usize,
}

impl Site<'_> {
    /// The path of the rule's field `f`.
    fn at(self, f: &str) -> String {
        format!("{}.x-kubernetes-validations[{}].{f}", self.node, self.i)
    }

    /// An error of the rule (not of its `fieldPath`).
    fn of(self, e: FieldError) -> RuleError {
        RuleError::of_rule(e, self.node)
    }
}

/// The estimated costs of a rule that compiles, and of its `messageExpression` when that
/// compiles too (see [`crate::cel::estimate`]).
#[derive(Debug, Default)]
pub struct Costs {
    pub rule: u64,
    pub message: Option<u64>,
}

/// Compiles rule `i` of a node (`path` is the node's schema path in the CRD): the rule, or the
/// apiserver's CRD errors for it; and its estimated costs.
pub fn compile(
    v: &Value,
    i: usize,
    node: &Structural,
    decl: &Arc<Decl>,
    path: &str,
    uncorrelatable: Option<&str>,
    pre: &Preexisting,
) -> (Result<Rule, Failed>, Costs) {
    let mut costs = Costs::default();
    let rule = compile_costed(v, i, node, decl, (path, uncorrelatable), pre, &mut costs);
    (rule, costs)
}

fn compile_costed(
    v: &Value,
    i: usize,
    node: &Structural,
    decl: &Arc<Decl>,
    (path, uncorrelatable): (&str, Option<&str>),
    pre: &Preexisting,
    costs: &mut Costs,
) -> Result<Rule, Failed> {
    let r = raw(v);
    let site = Site { node: path, i };
    let mut errs = static_errors(&r, node, site);
    if !errs.is_empty() {
        return Err(errs.into());
    }
    let shown = go_rule(&r);
    let rule_src = r.rule.as_str();
    let optional_old_self = r.optional_old_self == Some(true);
    let checked = parse(rule_src).map_err(CompileError::Issues).and_then(|e| {
        let env = pre.rule_env(rule_src);
        check_in(&e, rule_src, decl, optional_old_self, Want::Bool, env).map(|c| (e, c))
    });
    let (expr, checked) = match checked {
        Ok(ok) => ok,
        Err(e) => {
            // `compileRule` stops at the failure: oldSelf counts as unused (no reference map),
            // so an `optionalOldSelf` that is set is refused too.
            let detail = compile_detail("compilation failed", &e);
            errs.push(site.of(FieldError::invalid(site.at("rule"), &shown, &detail)));
            if let Some(b) = r.optional_old_self {
                errs.push(unused_optional_old_self(site, b));
            }
            return Err(Failed {
                errors: errs,
                detail: Some(detail.into()),
            });
        }
    };
    // `compileRule` stops when the program cannot be created: no cost, no message expression.
    let program = Program::plan(&expr, &checked).map_err(|e| {
        let detail = format!("program instantiation failed: {e}");
        errs.push(site.of(FieldError::invalid(site.at("rule"), &shown, &detail)));
        detail
    });
    if program.is_ok() {
        costs.rule = crate::cel::estimate::max_cost(&expr, decl, optional_old_self, &checked.types);
    }
    let message_expr = match (&program, r.message_expression.as_str()) {
        (Err(_), _) | (_, "") => None,
        (Ok(_), src) => match compile_message(src, decl, optional_old_self, pre) {
            Ok((p, cost)) => {
                costs.message = Some(cost);
                Some(p)
            }
            Err(refused) => {
                let at = site.at("messageExpression");
                errs.push(site.of(FieldError::invalid(at, &shown, &refused.to_string())));
                None
            }
        },
    };
    if checked.uses_old_self {
        if let Some(p) = uncorrelatable {
            let d = format!(
                "oldSelf cannot be used on the uncorrelatable portion of the schema within {p}"
            );
            let e = FieldError::invalid(site.at("rule"), &quote(&r.rule), &d);
            errs.push(site.of(e));
        }
    } else if let Some(b) = r.optional_old_self {
        errs.push(unused_optional_old_self(site, b));
    }
    let program = match program {
        Ok(p) => p,
        Err(detail) => {
            return Err(Failed {
                errors: errs,
                detail: Some(detail.into()),
            })
        }
    };
    if !errs.is_empty() {
        return Err(errs.into());
    }
    let field_path = match r.field_path.as_str() {
        "" => String::new(),
        p => valid_field_path(p, node).unwrap_or_default(),
    };
    Ok(Rule {
        expr: program,
        message: r.message.trim().to_string(),
        text: r.rule.trim().to_string(),
        message_expr,
        message_expr_text: r.message_expression.clone(),
        reason: reason(r.reason.as_deref()),
        field_path,
        uses_old_self: checked.uses_old_self,
        optional_old_self: r.optional_old_self == Some(true),
    })
}

/// A rule's message expression as `compileRule` compiles it: its program and estimated cost,
/// or why it fails.
fn compile_message(
    src: &str,
    decl: &Arc<Decl>,
    optional_old_self: bool,
    pre: &Preexisting,
) -> Result<(Program, u64), MessageRefused> {
    let env = pre.message_env(src);
    let (e, c) = parse(src)
        .map_err(CompileError::Issues)
        .and_then(|e| check_in(&e, src, decl, optional_old_self, Want::String, env).map(|c| (e, c)))
        .map_err(MessageRefused::Compile)?;
    let program = Program::plan(&e, &c).map_err(MessageRefused::Instantiate)?;
    let cost = crate::cel::estimate::max_cost(&e, decl, optional_old_self, &c.types);
    Ok((program, cost))
}

/// Why a message expression is refused; displayed as the detail of the apiserver's error
/// (`messageExpression compilation failed: …`, `messageExpression instantiation failed: …`).
enum MessageRefused {
    Compile(CompileError),
    Instantiate(crate::cel::val::Error),
}

impl std::fmt::Display for MessageRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageRefused::Compile(e) => {
                f.write_str(&compile_detail("messageExpression compilation failed", e))
            }
            MessageRefused::Instantiate(e) => {
                write!(f, "messageExpression instantiation failed: {e}")
            }
        }
    }
}

/// `optionalOldSelf` set on a rule that does not use `oldSelf`.
fn unused_optional_old_self(site: Site<'_>, b: bool) -> RuleError {
    site.of(FieldError::invalid(
        site.at("optionalOldSelf"),
        &b.to_string(),
        "may not be set if oldSelf is not used in rule",
    ))
}

/// The detail of an expression's compile error (an `apiservercel.Error`'s): cel-go's issues
/// after `failed` (`compilation failed`), a type error as it is.
fn compile_detail(failed: &str, e: &CompileError) -> String {
    match e {
        CompileError::Issues(issues) => format!("{failed}: {issues}"),
        CompileError::Type(_) => e.to_string(),
    }
}

fn reason(r: Option<&str>) -> Reason {
    match r {
        Some("FieldValueForbidden") => Reason::Forbidden,
        Some("FieldValueRequired") => Reason::Required,
        Some("FieldValueDuplicate") => Reason::Duplicate,
        _ => Reason::Invalid,
    }
}

const REASONS: &[&str] = &[
    "FieldValueDuplicate",
    "FieldValueForbidden",
    "FieldValueInvalid",
    "FieldValueRequired",
];

fn has_newlines(s: &str) -> bool {
    s.contains(['\n', '\r'])
}

/// The apiserver's checks of the rule's fields, before compiling it.
fn static_errors(r: &Raw, node: &Structural, site: Site<'_>) -> Vec<RuleError> {
    let mut errs: Vec<RuleError> = text_errors(r, site)
        .into_iter()
        .map(|e| site.of(e))
        .collect();
    let at = site.at("fieldPath");
    let field_path = field_path_errors(&r.field_path, node, &at);
    errs.extend(field_path.into_iter().map(RuleError::of_schema));
    errs
}

/// The checks of `rule`, `message`, `messageExpression` and `reason`.
fn text_errors(r: &Raw, site: Site<'_>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let (rule, msg) = (r.rule.trim(), r.message.trim());
    if rule.is_empty() {
        errs.push(FieldError::required(
            site.at("rule"),
            "rule is not specified",
        ));
    } else if !r.message.is_empty() && msg.is_empty() {
        errs.push(FieldError::invalid(
            site.at("message"),
            &quote(&r.message),
            "must be non-empty if specified",
        ));
    } else if has_newlines(msg) {
        errs.push(FieldError::invalid(
            site.at("message"),
            &quote(&r.message),
            "must not contain line breaks",
        ));
    } else if has_newlines(rule) && msg.is_empty() {
        errs.push(FieldError::required(
            site.at("message"),
            "message must be specified if rule contains line breaks",
        ));
    }
    if !r.message_expression.is_empty() && r.message_expression.trim().is_empty() {
        errs.push(FieldError::required(
            site.at("messageExpression"),
            "messageExpression must be non-empty if specified",
        ));
    }
    if let Some(reason) = r.reason.as_deref().filter(|x| !REASONS.contains(x)) {
        errs.push(FieldError::not_supported(
            site.at("reason"),
            &quote(reason),
            REASONS,
        ));
    }
    errs
}

/// The checks of a rule's `fieldPath` `fp` (at `at`) on its node.
fn field_path_errors(fp: &str, node: &Structural, at: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if !fp.is_empty() && fp.trim().is_empty() {
        errs.push(FieldError::invalid(
            at,
            &quote(fp),
            "must be non-empty if specified",
        ));
    }
    if has_newlines(fp) {
        errs.push(FieldError::invalid(
            at,
            &quote(fp),
            "must not contain line breaks",
        ));
    }
    if !fp.is_empty() && valid_field_path(fp, node).is_none() {
        errs.push(invalid_path(at.to_string(), fp));
    }
    errs
}

/// The rule as the apiserver up to 1.33 prints an `apiextensions.ValidationRule` in a
/// `field.Invalid`: Go's `%#v`, a set pointer as its address (any address: the apiserver's
/// changes from run to run).
fn go_sharp_rule(r: &Raw) -> String {
    let reason = match r.reason {
        Some(_) => crate::field::GO_POINTER,
        None => "nil",
    };
    let optional_old_self = match r.optional_old_self {
        Some(_) => crate::field::GO_POINTER,
        None => "nil",
    };
    format!(
        "apiextensions.ValidationRule{{Rule:{}, Message:{}, MessageExpression:{}, Reason:(*apiextensions.FieldValueErrorReason)({reason}), FieldPath:{}, OptionalOldSelf:(*bool)({optional_old_self})}}",
        quote(&r.rule),
        quote(&r.message),
        quote(&r.message_expression),
        quote(&r.field_path),
    )
}

/// The rule as the apiserver prints an `apiextensions.ValidationRule` in a `field.Invalid`:
/// `json.Marshal` of the struct (Go field names in declaration order, nil pointers as `null`,
/// `<`, `>` and `&` escaped).
fn go_rule(r: &Raw) -> String {
    if !crate::versions::current().json_bad_values {
        return go_sharp_rule(r);
    }
    let s = |v: &str| go_json(&Value::String(v.to_string()));
    let reason = r.reason.as_deref().map_or("null".to_string(), s);
    let optional_old_self = match r.optional_old_self {
        Some(b) => b.to_string(),
        None => "null".to_string(),
    };
    format!(
        "{{\"Rule\":{},\"Message\":{},\"MessageExpression\":{},\"Reason\":{},\"FieldPath\":{},\"OptionalOldSelf\":{}}}",
        s(&r.rule),
        s(&r.message),
        s(&r.message_expression),
        reason,
        s(&r.field_path),
        optional_old_self,
    )
}
