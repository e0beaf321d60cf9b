//! CEL validation rules (`x-kubernetes-validations`) as kube-apiserver 1.36 evaluates them on
//! create. The rest of the crate sees [`Compiled`] and [`FieldError`]s.
//!
//! A CEL runtime of our own, in cel-go's stages, a folder each (`parser/`, `checker/`,
//! `interpreter/`, `library/`, `estimate/`, and `rules/` for what the apiextensions apiserver
//! adds: a CRD's rules compiled along its schema and run on objects). The parser is cel-go's
//! as antlr4-go runs it, then cel-go's visitor, into the AST of `ast` (`syntax` keeps each
//! thread's parses by the expression's text). A rule's parse and type errors are `issues`:
//! values with their place, displayed once as cel-go's `ToDisplayString` does.
//!
//! - **Types.** `decl` models the CEL type of every schema node; `check` is cel-go's type
//!   checker for what 1.36 refuses (undeclared variables and functions, undefined fields, calls
//!   no overload of the 1.36 environment takes: `overloads`, over the types of `types`),
//!   placing errors where cel-go does (`ast::SourceInfo`). Older versions declare less
//!   (`crate::versions`): `overloads` tags each version-gated overload with its library, and
//!   `check` sees only those of the run's environment for new expressions.
//! - **Values.** `val` is cel-go's values: an object's value (`value`, the apiserver's
//!   `UnstructuredToVal`) carries its schema type in its lists and maps, so that set and map
//!   lists compare and add as the apiserver's (`lists`, on Go's map-key identity in `gokeys`)
//!   wherever the value goes, and converts the object's JSON lazily, a field, entry or item
//!   when a rule reads it (`eval` copies the JSON once for the nodes with rules below the
//!   first).
//! - **Library.** `library` holds every function of the 1.36 environment over those values,
//!   one file per cel-go or Kubernetes library, each overload written once with cel-go's error
//!   texts; Go's own behaviour they rely on is `crate::go`'s.
//! - **Evaluation and cost.** `estimate` is cel-go's static cost estimator (with the schema's
//!   size bounds and the Kubernetes libraries' call costs), by which the apiserver refuses CRDs
//!   whose rules may cost too much; `interp` plans each rule as cel-go plans it for the
//!   apiserver and evaluates it counting the runtime cost as cel-go's tracker counts it, so
//!   `cost`'s per-call limit and per-object budget stop evaluation where the apiserver's do.
//! - **The apiserver's texts.** Runtime errors (`errors`), the CRD errors of rules that do
//!   not compile (`rule`) or cost too much (`estimate`): [`RuleError`]s, each a [`FieldError`]
//!   with the schema node whose rules it is of. The libraries' upstream test tables
//!   are in `tests/library.rs` and beside each library file.
//!
//! Differences from the apiserver (also in the README):
//! - Object types are named `selfType0…`: the apiserver's number is its clock's nanosecond.
//! - Where the apiserver's answer depends on Go's map order, map keys are taken in sorted
//!   order (the same on every run).
//! - An exact quantity stops at 100,000 digits (`library::quantity`): the apiserver's arithmetic is
//!   unbounded.
//! - A `%#v`-printed rule in CRD errors shows set `reason`/`optionalOldSelf` pointers with a
//!   fixed address (the apiserver prints a different one each time).

mod checker;
mod estimate;
mod interpreter;
mod library;
mod parser;
mod rules;

use checker::{check, mapping, overloads, types};
pub use interpreter::input::Input;
pub(crate) use interpreter::val;
pub use interpreter::value::Json;
use interpreter::{equal, gokeys, interp, lists, value};
use parser::{ast, issues, syntax};
pub(crate) use rules::fieldpath;
pub use rules::preexisting;
use rules::{compile, cost, decl, errors, escape, eval, rule};

use crate::field::FieldError;
use crate::schema::Structural;
use preexisting::Preexisting;

/// One CRD error of a version's rules: the apiserver's field error (its text is the
/// [`FieldError`]'s), with what the apiserver reports it for.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleError {
    pub error: FieldError,
    pub source: Source,
}

/// What a [`RuleError`] is of.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A rule of the schema node at this path (its fields, compilation, or its part in the
    /// schema's total cost): `ValidateCustomResourceDefinitionOpenAPISchema` checks a node's
    /// rules only where it found no error at the node or below it.
    Rule(Box<str>),
    /// One expression of a rule of the node at this path over the per-expression cost limit
    /// (which `suppressPerExpressionCost` lifts), skipped as [`Source::Rule`].
    ExpressionCost(Box<str>),
    /// An error reported whatever the schema's other errors: a rule's `fieldPath` (`pathValid`
    /// is checked on every node with rules) or the schema's total cost.
    Schema,
}

impl RuleError {
    /// An error of a rule of the node at `node`.
    fn of_rule(error: FieldError, node: &str) -> Self {
        RuleError {
            error,
            source: Source::Rule(node.into()),
        }
    }

    /// An error reported whatever the schema's other errors.
    fn of_schema(error: FieldError) -> Self {
        RuleError {
            error,
            source: Source::Schema,
        }
    }

    /// The node whose rules the error is of (`None` for [`Source::Schema`]).
    fn node(&self) -> Option<&str> {
        match &self.source {
            Source::Rule(n) | Source::ExpressionCost(n) => Some(n),
            Source::Schema => None,
        }
    }

    /// Whether the apiserver, having found schema errors at `fields`, does not report this
    /// error: its rule's node has one of them at it or below it.
    pub fn skipped_beside<F: AsRef<str>>(&self, fields: &[F]) -> bool {
        self.node().is_some_and(|node| {
            fields
                .iter()
                .any(|f| crate::field::at_or_below(f.as_ref(), node))
        })
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

/// Sorts `errors` as the apiserver's texts sort and drops repeated texts (the first of equal
/// ones kept), each text rendered once.
fn sort_texts(errors: &mut Vec<RuleError>) {
    let mut keyed: Vec<(String, RuleError)> =
        errors.drain(..).map(|e| (e.to_string(), e)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed.dedup_by(|a, b| a.0 == b.0);
    errors.extend(keyed.into_iter().map(|(_, e)| e));
}

/// The compiled rules of one CRD version.
#[derive(Debug)]
pub struct Compiled {
    root: Option<compile::Node>,
    /// The apiserver's CRD errors for rules that do not compile or cost too much (sorted by
    /// their texts); non-empty means the apiserver refuses the CRD.
    pub errors: Vec<RuleError>,
    /// The largest estimated cost of one rule (times how often its node may occur) or
    /// `messageExpression`: the apiserver refuses more than 10 million.
    pub estimated_cost: u64,
    /// Whether the errors are all of rules that do not compile (each held as such in the
    /// tree: a CRD update refused for them alone still has its objects validated under it).
    pub only_uncompiled: bool,
}

impl Compiled {
    /// Compiles every rule of `schema`, whose path in its CRD is `path`
    /// (`spec.validation.openAPIV3Schema` or `spec.versions[i].schema.openAPIV3Schema`).
    pub fn new(schema: &Structural, path: &str) -> Self {
        Self::beside_schema_errors::<&str>(schema, path, &[])
    }

    /// Like [`Compiled::new`] for a schema with errors of its own, at `fields` (the errors'
    /// fields, under `path`): the apiserver compiles no rule of a node with such an error at it
    /// or below it (its rules' `fieldPath`s are still checked).
    pub fn beside_schema_errors<F: AsRef<str>>(
        schema: &Structural,
        path: &str,
        fields: &[F],
    ) -> Self {
        let fields: Vec<&str> = fields.iter().map(AsRef::as_ref).collect();
        Self::compile(schema, path, &fields, &Preexisting::default())
    }

    /// [`Compiled::new`] on a CRD update: the expressions the old CRD already held are
    /// compiled with the environment for stored expressions.
    pub fn on_update(schema: &Structural, path: &str, preexisting: &Preexisting) -> Self {
        Self::compile(schema, path, &[], preexisting)
    }

    fn compile(
        schema: &Structural,
        path: &str,
        schema_errors: &[&str],
        preexisting: &Preexisting,
    ) -> Self {
        let built = compile::compile_with_costs(schema, path, schema_errors, preexisting);
        let mut errors = built.errors;
        let before = errors.len();
        // `fieldPath` is checked on every node with rules, also where no rule is compiled.
        fieldpath::invalid_paths(schema, path, &mut errors);
        let only_uncompiled = built.only_uncompiled && errors.len() == before;
        sort_texts(&mut errors);
        Compiled {
            root: built.root,
            errors,
            estimated_cost: built.largest,
            only_uncompiled,
        }
    }

    /// These rules with no error for an expression's own estimated cost (`suppressPerExpressionCost`,
    /// set by a CRD update for each version whose schema it leaves unchanged): the errors
    /// the estimate's budget records for a rule or a `messageExpression` over the limit.
    /// The schema's total stays checked.
    pub fn without_per_expression_cost(mut self) -> Self {
        self.errors
            .retain(|e| !matches!(e.source, Source::ExpressionCost(_)));
        self
    }

    /// The `fieldPath` errors alone, for a schema the apiserver compiles no rule of (not
    /// structural, or a default that is not valid): `pathValid` is a schema check it makes on
    /// every node with rules.
    pub fn field_paths_only(schema: &Structural, path: &str) -> Self {
        let mut errors = Vec::new();
        fieldpath::invalid_paths(schema, path, &mut errors);
        sort_texts(&mut errors);
        Compiled {
            only_uncompiled: errors.is_empty(),
            root: None,
            errors,
            estimated_cost: 0,
        }
    }

    /// Whether there is any rule to run.
    pub fn has_rules(&self) -> bool {
        self.root.is_some()
    }

    /// Runs the rules on `obj` (a create request body, after pruning and defaulting); the
    /// apiserver's field errors, in its walk order.
    pub fn validate<V: Input>(&self, obj: &V) -> Vec<FieldError> {
        match &self.root {
            Some(root) => eval::validate(root, obj, cost::Budget::new()),
            None => Vec::new(),
        }
    }

    /// Runs the rules on the object `obj` of an update whose old object is `old` (as the
    /// apiserver reads it back): transition rules run where an old value correlates, and
    /// the errors of rules without `oldSelf` on a value equal to its old one are dropped
    /// (CEL ratcheting).
    pub fn validate_update<V: Input>(&self, obj: &V, old: &V) -> Vec<FieldError> {
        match &self.root {
            Some(root) => eval::validate_update(root, obj, Some(old), cost::Budget::new()),
            None => Vec::new(),
        }
    }

    /// The texts of [`Compiled::errors`] (tests).
    #[cfg(test)]
    pub(crate) fn texts(&self) -> Vec<String> {
        self.errors.iter().map(ToString::to_string).collect()
    }

    /// [`Compiled::validate`] with other cost limits (tests).
    #[cfg(test)]
    fn validate_with_limits(
        &self,
        obj: &serde_json::Value,
        total: u64,
        per_call: u64,
    ) -> Vec<FieldError> {
        match &self.root {
            Some(root) => eval::validate(root, obj, cost::Budget::with_limits(total, per_call)),
            None => Vec::new(),
        }
    }
}

/// Whether `schema` has any `x-kubernetes-validations` rule.
pub fn has_rules(schema: &Structural) -> bool {
    compile::has_rules(schema)
}

/// (Tests.) The cost cel-go estimates for `rule` on the node `s` (not a resource root), as a
/// CRD's compile estimates it, or why it does not type-check.
#[cfg(test)]
pub(crate) fn estimated_cost(s: &Structural, rule: &str) -> Result<u64, String> {
    let decl = decl::decl_of(s, false).ok_or("no CEL type")?;
    let e = rule::parse(rule).map_err(|e| e.to_string())?;
    let checked =
        check::check(&e, rule, &decl, false, check::Want::Bool).map_err(|e| e.to_string())?;
    Ok(estimate::max_cost(&e, &decl, false, &checked.types))
}

#[cfg(test)]
mod tests;
