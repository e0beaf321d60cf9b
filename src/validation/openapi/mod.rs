//! OpenAPI value validation of an object, as kube-openapi's `SchemaValidator` does it for the
//! apiserver: at each value, the type validator, the junctors (allOf/anyOf/oneOf/not), the string,
//! format, number, list, enum and object validators, in that order. Each result carries
//! kube-openapi's match count, which decides which failing anyOf/oneOf branch's errors are
//! reported (the one with the most passed checks, the first among equals).

pub(crate) mod errors;
mod numbers;
mod scalars;
pub(crate) mod view;

use super::compile::{Branch, Checks, Rare, TyRef};
use super::data::{Data, Obj};
use crate::go::strconv::quote;
use errors::{OErr, OPath};
use serde_json::Value;
use view::{Extra, Schema};

/// Errors and the match count of one validation.
#[derive(Debug, Default)]
pub(crate) struct Res {
    pub errs: Vec<OErr>,
    pub mc: usize,
}

impl Res {
    fn merge(&mut self, other: Res) {
        self.errs.extend(other.errs);
        self.mc += other.mc;
    }

    fn err(&mut self, e: OErr) {
        self.errs.push(e);
    }

    fn is_valid(&self) -> bool {
        self.errs.is_empty()
    }
}

/// Validates `data` (at `path`) with the schema node `n`.
pub(crate) fn validate<'a, S: Schema<'a>>(n: S, data: &Data<'_>, path: &OPath<'_>) -> Res {
    validate_update(n, data, None, path)
}

/// [`validate`] of an update with ratcheting (kube-openapi's ratcheting validator): `old` is
/// the value of the old object that correlates with `data` (through properties, map keys and
/// map-list items by key; `None` when there is none). The errors found at a value that is
/// deep-equal to its correlated old value are dropped.
pub(crate) fn validate_update<'a, S: Schema<'a>>(
    n: S,
    data: &Data<'_>,
    old: Option<&Data<'_>>,
    path: &OPath<'_>,
) -> Res {
    let mut r = Res::default();
    validate_into(n, data, old, path, &mut r);
    r
}

/// [`validate_update`], its errors and match count added to `r`. The walk down a value keeps
/// one result (only a junctor's branches have their own, to compare them): kube-openapi makes
/// a result at every value and merges it into its parent's, which here cost more than most
/// values' checks.
fn validate_into<'a, S: Schema<'a>>(
    n: S,
    data: &Data<'_>,
    old: Option<&Data<'_>>,
    path: &OPath<'_>,
    r: &mut Res,
) {
    let (errs, mc) = (r.errs.len(), r.mc);
    validate_node(n, data, old, path, r);
    if r.errs.len() > errs && old.is_some_and(|o| correlated_equal(n, data, o)) {
        // Ratcheted: the value's result is an empty one (no errors, no matches).
        r.errs.truncate(errs);
        r.mc = mc;
    }
}

/// Whether `data` equals its correlated old value `old` under schema `n`, as the apiserver's
/// `CorrelatedObject.CachedDeepEqual` compares them: a map list item by item with the old item
/// of the same keys (its order does not matter), objects field by field under their schemas,
/// anything else as `reflect.DeepEqual`.
fn correlated_equal<'a, S: Schema<'a>>(n: S, data: &Data<'_>, old: &Data<'_>) -> bool {
    match (data, old) {
        (Data::Array(new), Data::Array(was)) => match (n.map_keys(), n.items()) {
            (Some(keys), Some(item)) if new.len() == was.len() => new.iter().all(|x| {
                correlated_item(keys, x, was).is_some_and(|o| correlated_equal(item, x, o))
            }),
            (Some(_), Some(_)) => false,
            _ => scalars::go_deep_equal(data, old),
        },
        (Data::Object(new), Data::Object(was)) => {
            new.len() == was.len()
                && new.iter().all(|(k, x)| {
                    let Some(o) = was.get(k) else {
                        return false;
                    };
                    match (n.property(k), n.additional()) {
                        (Some(p), _) | (None, Extra::Schema(p)) => correlated_equal(p, x, o),
                        // A key with no schema does not correlate (`CorrelatedObject.Key` is
                        // nil): the object is not equal.
                        _ => false,
                    }
                })
        }
        _ => scalars::go_deep_equal(data, old),
    }
}

fn validate_node<'a, S: Schema<'a>>(
    n: S,
    data: &Data<'_>,
    old: Option<&Data<'_>>,
    path: &OPath<'_>,
    r: &mut Res,
) {
    // The value validations a node has: most have none, and then only the type validator,
    // the number validator's range check and the list and object walks have work; the
    // others count their match without being called.
    let checks = n.checks();
    if data.is_null() {
        r.merge(scalars::type_of_null(n.ty(), n.nullable(), path));
        if let Some(c) = checks {
            r.errs.extend(scalars::enumeration(c, data, path));
        }
        return;
    }
    if n.ty() != TyRef::None || !n.format().is_empty() {
        // The type validator counts a match when it passes.
        match scalars::types(n.ty(), n.format(), data, path) {
            None => r.mc += 1,
            Some(e) => r.err(e),
        }
        r.mc += 1;
    }
    if let Some(rare) = checks.and_then(Checks::rare) {
        junctors(rare, data, old, path, r);
    }
    // The junctors validator's own match, and its result's.
    r.mc += 2;
    match data {
        Data::Str(s) => {
            if let Some(c) = checks {
                r.errs.extend(scalars::string(c, s, path));
            }
            r.mc += 1;
            if let Some(f) = checks.and_then(|c| c.string_format) {
                r.errs.extend(scalars::format(f, n.format(), s, path));
                r.mc += 1;
            }
        }
        Data::Int(_) | Data::Float(_) => {
            let num = data.num().expect("a number");
            r.merge(numbers::validate(n.ty(), checks, num, path));
            r.mc += 1;
        }
        Data::Array(items) => {
            let old_items = match old {
                Some(Data::Array(o)) => Some(&o[..]),
                _ => None,
            };
            list(n, checks, items, old_items, path, r);
            r.mc += 1;
        }
        _ => {}
    }
    if let Some(c) = checks {
        r.errs.extend(scalars::enumeration(c, data, path));
    }
    r.mc += 1;
    if let Data::Object(map) = data {
        object(n, checks, map, old.and_then(Data::as_object), path, r);
        r.mc += 1;
    }
    r.mc += 1;
}

/// The junctors validator of a node with some (allOf, anyOf, oneOf or not), its errors and
/// the matches of the branches it keeps added to `main`.
fn junctors(c: &Rare, data: &Data<'_>, old: Option<&Data<'_>>, path: &OPath<'_>, main: &mut Res) {
    if !c.any_of.is_empty() {
        any_of(&c.any_of, data, old, path, main);
    }
    if !c.one_of.is_empty() {
        one_of(&c.one_of, data, old, path, main);
    }
    if !c.all_of.is_empty() {
        let mut validated = 0;
        for b in &c.all_of {
            let res = validate_update(b, data, old, path);
            validated += usize::from(res.is_valid());
            main.merge(res);
        }
        if validated != c.all_of.len() {
            let none = if validated == 0 {
                ". None validated"
            } else {
                ""
            };
            let q = quote(&path.to_string());
            main.err(OErr::Plain(format!(
                "{q} must validate all the schemas (allOf){none}"
            )));
        }
    }
    if let Some(not) = &c.not {
        if validate(&**not, data, path).is_valid() {
            let q = quote(&path.to_string());
            main.err(OErr::Plain(format!(
                "{q} must not validate the schema (not)"
            )));
        }
    }
}

fn any_of(
    branches: &[Branch],
    data: &Data<'_>,
    old: Option<&Data<'_>>,
    path: &OPath<'_>,
    main: &mut Res,
) {
    let mut best: Option<Res> = None;
    for b in branches {
        let res = validate_update(b, data, old, path);
        if res.is_valid() {
            main.merge(res);
            return;
        }
        if best.as_ref().is_none_or(|x| res.mc > x.mc) {
            best = Some(res);
        }
    }
    let q = quote(&path.to_string());
    main.err(OErr::Plain(format!(
        "{q} must validate at least one schema (anyOf)"
    )));
    if let Some(b) = best {
        main.merge(b);
    }
}

fn one_of(
    branches: &[Branch],
    data: &Data<'_>,
    old: Option<&Data<'_>>,
    path: &OPath<'_>,
    main: &mut Res,
) {
    let (mut best, mut first_success): (Option<Res>, Option<Res>) = (None, None);
    let mut validated = 0;
    for b in branches {
        let res = validate_update(b, data, old, path);
        if res.is_valid() {
            validated += 1;
            best = None;
            first_success.get_or_insert(res);
            continue;
        }
        if validated == 0 && best.as_ref().is_none_or(|x| res.mc > x.mc) {
            best = Some(res);
        }
    }
    if validated == 1 {
        main.merge(first_success.expect("one branch validated"));
        return;
    }
    let found = match validated {
        0 => "Found none valid".to_string(),
        n => format!("Found {n} valid alternatives"),
    };
    let q = quote(&path.to_string());
    main.err(OErr::Plain(format!(
        "{q} must validate one and only one schema (oneOf). {found}"
    )));
    if let Some(b) = best {
        main.merge(b);
    }
}

/// The list validator, its result added to `r`: items, then item counts and uniqueness.
fn list<'a, S: Schema<'a>>(
    n: S,
    c: Option<&Checks>,
    items: &[Data<'_>],
    old: Option<&[Data<'_>]>,
    path: &OPath<'_>,
    r: &mut Res,
) {
    if let Some(item) = n.items() {
        let keys = old.and(n.map_keys());
        for (i, v) in items.iter().enumerate() {
            let old_item = keys.zip(old).and_then(|(k, o)| correlated_item(k, v, o));
            validate_into(item, v, old_item, &OPath::Index(path, i), r);
        }
    }
    let size = items.len() as i64;
    if let Some(c) = c.and_then(Checks::rare) {
        if let Some(min) = c.min_items.filter(|m| size < *m) {
            r.err(OErr::Invalid {
                name: path.to_string(),
                value: Value::from(size),
                message: format!("{path} in body should have at least {min} items"),
            });
        }
        if let Some(max) = c.max_items.filter(|m| size > *m) {
            r.err(OErr::TooMany {
                name: path.to_string(),
                actual: size,
                max,
            });
        }
        if c.unique_items && has_duplicates(items) {
            r.err(OErr::Invalid {
                name: path.to_string(),
                value: Value::String(String::new()),
                message: format!("{path} in body shouldn't contain duplicates"),
            });
        }
    }
    r.mc += 1;
}

/// The item of the old map list with the same key values as `item` (map-list items correlate
/// by key; set and atomic list items do not correlate).
pub(crate) fn correlated_item<'o, 'd>(
    keys: &[String],
    item: &Data<'_>,
    old: &'o [Data<'d>],
) -> Option<&'o Data<'d>> {
    let m = item.as_object()?;
    old.iter().find(|o| {
        o.as_object().is_some_and(|om| {
            keys.iter().all(|k| match (m.get(k), om.get(k)) {
                (Some(a), Some(b)) => scalars::go_deep_equal(a, b),
                (None, None) => true,
                _ => false,
            })
        })
    })
}

fn has_duplicates(items: &[Data<'_>]) -> bool {
    items
        .iter()
        .enumerate()
        .any(|(i, a)| items[..i].iter().any(|b| scalars::go_deep_equal(a, b)))
}

/// The object validator, its result added to `r`: property counts, forbidden or additional
/// properties, properties, then required properties.
fn object<'a, S: Schema<'a>>(
    n: S,
    c: Option<&Checks>,
    map: &Obj<'_>,
    old: Option<&Obj<'_>>,
    path: &OPath<'_>,
    r: &mut Res,
) {
    let size = map.len() as i64;
    if let Some(c) = c.and_then(Checks::rare) {
        if let Some(min) = c.min_properties.filter(|m| size < *m) {
            r.err(OErr::Invalid {
                name: path.to_string(),
                value: Value::from(size),
                message: format!("{path} in body should have at least {min} properties"),
            });
        }
        if let Some(max) = c.max_properties.filter(|m| size > *m) {
            r.err(OErr::TooMany {
                name: path.to_string(),
                actual: size,
                max,
            });
        }
    }
    let additional = n.additional();
    for (k, v) in map.iter() {
        if let Some(p) = n.property(k) {
            validate_into(p, v, old.and_then(|o| o.get(k)), &OPath::Prop(path, k), r);
            continue;
        }
        match additional {
            Extra::Forbidden => r.err(OErr::Invalid {
                name: path.to_string(),
                value: Value::String(k.to_string()),
                message: format!("{path}.{k} in body is a forbidden property"),
            }),
            Extra::Schema(a) => {
                validate_into(a, v, old.and_then(|o| o.get(k)), &OPath::Extra(path, k), r)
            }
            Extra::None => {}
        }
    }
    for k in c.map_or(&[][..], |c| &c.required) {
        if !map.contains_key(k) {
            r.err(OErr::Required {
                name: OPath::Extra(path, k).to_string(),
            });
        }
    }
}
