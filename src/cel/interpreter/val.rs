//! CEL values of our own (cel-go's `ref.Val` and its `types` package): what rules compute
//! with, each carrying what cel-go's value of it knows. An object's lists and maps carry
//! their schema type ([`List::origin`]), so that a set list compares and adds as a set and a map
//! list as a map list wherever the value goes (cel-go's `UnstructuredToVal` wrappers); the
//! Kubernetes libraries' types (IP, CIDR, quantity, semver, URL, named format) are
//! [`Ext`] values; errors are [`Error`]s with cel-go's texts.
//!
//! An object's lists and maps are also lazy, as those wrappers are: they hold their part of
//! the object's JSON ([`crate::cel::value::Json`]) and convert an item or entry when it is read.
//! A lookup, `has()`, `size()` and an index read the JSON alone; whatever needs them all
//! (iteration, equality, the library functions, runtime costs' traversals) converts the whole
//! level once through [`List::items`] or [`Map::entries`] and keeps it, the items' own lists
//! and maps lazy in turn. Either way the values are those converting everything would give.
//!
//! Equality is cel-go's `Equal` (numbers compare across int, uint and double; lists in
//! order, maps by key; the left operand's kind decides for set and map lists, see
//! [`crate::cel::lists`]); ordering is cel-go's `Compare` ([`Val::compare`]).

use crate::cel::decl::Decl;
use crate::cel::gokeys::Held;
use crate::cel::value::{JsonList, JsonMap};
use std::any::Any;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A timestamp: cel-go's `time.Time` (an instant with the zone it was read in).
pub type Timestamp = chrono::DateTime<chrono::FixedOffset>;

/// The result of an operation: a value, or cel-go's error value.
pub type Res = Result<Val, Error>;

/// A CEL value.
#[derive(Clone, Debug)]
pub enum Val {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Double(f64),
    String(Arc<str>),
    Bytes(Arc<[u8]>),
    Duration(chrono::Duration),
    Timestamp(Timestamp),
    List(List),
    Map(Map),
    /// A type value (`int`, `type(x)`), by cel-go's type name.
    Type(Arc<str>),
    /// An optional (`optional.of(x)`; `None` is `optional.none()`).
    Optional(Option<Arc<Val>>),
    /// A value of a Kubernetes library type, or an object value that failed its format.
    Ext(Arc<dyn Ext>),
}

/// A value of a library type (cel-go's custom `ref.Val`s).
pub trait Ext: fmt::Debug + Send + Sync + Any {
    /// cel-go's type name (`net.IP`, `kubernetes.Quantity`).
    fn type_name(&self) -> &str;
    /// cel-go's `Equal` of this value (the left operand) with `other` (not null): the
    /// library types answer `no such overload` for a value of another type.
    fn equal(&self, other: &Val) -> Result<bool, Error>;
    fn as_any(&self) -> &dyn Any;
    /// cel-go's `Size()` (`traits.Sizer`), which runtime costs read (`actualSize`), for the
    /// types that have one.
    fn size(&self) -> Option<u64> {
        None
    }
    /// `string(x)`, for the types whose library converts them (`string(ip)`).
    fn to_cel_string(&self) -> Option<String> {
        None
    }
}

impl dyn Ext {
    /// The value as `T`, when it is one.
    pub fn downcast<T: Ext>(&self) -> Option<&T> {
        self.as_any().downcast_ref::<T>()
    }
}

/// A list: its items, and for a list of the object (or one `+` built on it) its schema type
/// and, for a set list, its elements as the apiserver holds them (the JSON values decoded, or
/// as `+` added them), by which it compares and adds as the apiserver's value of it does.
///
/// A list of the object converts its items from the object's JSON only when they are first
/// read as a whole ([`List::items`]); [`List::len`] and [`List::get`] read the JSON without
/// converting the rest (see [`crate::cel::value`]).
#[derive(Clone, Debug)]
pub struct List {
    items: Arc<Items>,
    pub origin: Option<Arc<Decl>>,
    /// The set elements `+` built (a set list of the object reads its own from the JSON, see
    /// [`List::held`]).
    pub held: Option<Arc<[Held]>>,
}

/// A list's items or a map's entries (`C`): built, or converted from the object's JSON part
/// (`J`) on first read.
#[derive(Debug)]
struct Lazy<C, J> {
    converted: OnceLock<C>,
    json: Option<J>,
}

impl<C: Default, J> Lazy<C, J> {
    fn built(contents: C) -> Arc<Self> {
        Arc::new(Lazy {
            converted: OnceLock::from(contents),
            json: None,
        })
    }

    fn of_json(json: J) -> Arc<Self> {
        Arc::new(Lazy {
            converted: OnceLock::new(),
            json: Some(json),
        })
    }

    /// The contents, converted by `convert` on the first call.
    fn get(&self, convert: impl FnOnce(&J) -> C) -> &C {
        let json = &self.json;
        self.converted
            .get_or_init(|| json.as_ref().map(convert).unwrap_or_default())
    }

    /// `built` of the contents when they are converted (or were built), else `json` of the
    /// JSON without converting it, else `none`.
    fn read<R>(&self, built: impl FnOnce(&C) -> R, json: impl FnOnce(&J) -> R, none: R) -> R {
        match (self.converted.get(), &self.json) {
            (Some(c), _) => built(c),
            (None, Some(j)) => json(j),
            (None, None) => none,
        }
    }
}

type Items = Lazy<Vec<Val>, JsonList>;

/// A map, its entries in key order (cel-go's is Go's map order, different on every run).
///
/// An object's or map's value of the object converts its entries from the object's JSON only
/// when they are first read as a whole ([`Map::entries`]); a lookup ([`Map::get`]),
/// [`Map::contains_key`] and [`Map::len`] read the JSON without converting the others.
#[derive(Clone, Debug)]
pub struct Map {
    entries: Arc<Entries>,
    /// For an object's map or object value: its schema type.
    pub origin: Option<Arc<Decl>>,
}

type Entries = Lazy<BTreeMap<Key, Val>, JsonMap>;

/// A map key: cel-go's map keys are ints, uints, bools and strings.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    Int(i64),
    Uint(u64),
    Bool(bool),
    String(Arc<str>),
}

/// cel-go's error values, by their texts.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// `no such overload`: no overload takes the arguments' runtime types.
    NoSuchOverload,
    /// `no such key: <k>`.
    NoSuchKey(Key),
    /// Any other error, by cel-go's text (`division by zero`, `type conversion error from
    /// 'string' to 'int'`).
    Text(Arc<str>),
}

impl Error {
    pub fn text(s: impl Into<Arc<str>>) -> Error {
        Error::Text(s.into())
    }

    /// cel-go's `type conversion error from '<from>' to '<to>'`.
    pub fn conversion(from: &str, to: &str) -> Error {
        Error::text(format!("type conversion error from '{from}' to '{to}'"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoSuchOverload => f.write_str("no such overload"),
            Error::NoSuchKey(k) => write!(f, "no such key: {k}"),
            Error::Text(t) => f.write_str(t),
        }
    }
}

impl fmt::Display for Key {
    /// Go's `%v` of the key (cel-go's `no such key: %v`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Int(i) => write!(f, "{i}"),
            Key::Uint(u) => write!(f, "{u}"),
            Key::Bool(b) => write!(f, "{b}"),
            Key::String(s) => f.write_str(s),
        }
    }
}

impl From<&Key> for Val {
    fn from(k: &Key) -> Val {
        match k {
            Key::Int(i) => Val::Int(*i),
            Key::Uint(u) => Val::Uint(*u),
            Key::Bool(b) => Val::Bool(*b),
            Key::String(s) => Val::String(s.clone()),
        }
    }
}

impl Key {
    /// The key of the same number as the other number type (`0u` for `0`), which a map's
    /// lookup finds too (cel-go's heterogeneous equality).
    pub fn other_number(&self) -> Option<Key> {
        match self {
            Key::Int(i) => u64::try_from(*i).ok().map(Key::Uint),
            Key::Uint(u) => i64::try_from(*u).ok().map(Key::Int),
            _ => None,
        }
    }

    /// The key `v` is, if it can be one.
    pub fn of(v: &Val) -> Option<Key> {
        Some(match v {
            Val::Int(i) => Key::Int(*i),
            Val::Uint(u) => Key::Uint(*u),
            Val::Bool(b) => Key::Bool(*b),
            Val::String(s) => Key::String(s.clone()),
            _ => return None,
        })
    }

    pub fn str(s: &str) -> Key {
        Key::String(s.into())
    }
}

impl List {
    /// A list the rule built.
    pub fn new(items: Vec<Val>) -> List {
        List::typed(items, None, None)
    }

    /// A list of type `origin` built of `items` (and, for a set, `held`).
    pub fn typed(items: Vec<Val>, origin: Option<Arc<Decl>>, held: Option<Arc<[Held]>>) -> List {
        List {
            items: Items::built(items),
            origin,
            held,
        }
    }

    /// The object's list `json`, its items converted when first read.
    pub fn of_json(json: JsonList) -> List {
        List {
            origin: Some(json.decl().clone()),
            items: Items::of_json(json),
            held: None,
        }
    }

    /// The items (converted from the object's JSON on the first call).
    pub fn items(&self) -> &[Val] {
        self.items.get(JsonList::items)
    }

    /// How many items there are.
    pub fn len(&self) -> usize {
        self.items.read(Vec::len, JsonList::len, 0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The item at `i`, if there is one (of the object's list: only it converted).
    pub fn get(&self, i: usize) -> Option<Val> {
        self.items
            .read(|items| items.get(i).cloned(), |json| json.get(i), None)
    }

    /// Whether `other` is a clone of this list (tests: a function that returns its receiver).
    #[cfg(test)]
    pub fn shares_items(&self, other: &List) -> bool {
        Arc::ptr_eq(&self.items, &other.items)
    }

    /// A set list's elements as the apiserver holds them: those `+` built, or of a set list of
    /// the object, its JSON values decoded.
    pub fn held(&self) -> Option<Arc<[Held]>> {
        self.held
            .clone()
            .or_else(|| self.items.json.as_ref().and_then(JsonList::held))
    }
}

impl Map {
    /// A map the rule built.
    pub fn new(entries: BTreeMap<Key, Val>) -> Map {
        Map::typed(entries, None)
    }

    /// A map of type `origin` built of `entries`.
    pub fn typed(entries: BTreeMap<Key, Val>, origin: Option<Arc<Decl>>) -> Map {
        Map {
            entries: Entries::built(entries),
            origin,
        }
    }

    /// The object's object or map `json`, its entries converted when first read.
    pub fn of_json(json: JsonMap) -> Map {
        Map {
            origin: Some(json.decl().clone()),
            entries: Entries::of_json(json),
        }
    }

    /// The entries in key order (converted from the object's JSON on the first call).
    pub fn entries(&self) -> &BTreeMap<Key, Val> {
        self.entries.get(JsonMap::entries)
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.entries.read(BTreeMap::len, JsonMap::len, 0)
    }

    /// The object's JSON this map reads, when it is one of the object's (not built).
    pub fn json(&self) -> Option<&JsonMap> {
        self.entries.json.as_ref()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value under exactly `key` (of the object's map: only it converted).
    pub fn get_key(&self, key: &Key) -> Option<Val> {
        self.entries.read(
            |entries| entries.get(key).cloned(),
            |json| json.get(key),
            None,
        )
    }

    /// Whether there is an entry under exactly `key`.
    pub fn contains_key(&self, key: &Key) -> bool {
        self.entries.read(
            |entries| entries.contains_key(key),
            |json| json.contains_key(key),
            false,
        )
    }

    /// cel-go's lookup: a double key finds the int or uint key of the same value, and an int
    /// or uint key the other's (`heterogeneous equality`).
    pub fn get(&self, k: &Val) -> Option<Val> {
        if let Some(key) = Key::of(k) {
            if let Some(v) = self.get_key(&key) {
                return Some(v);
            }
        }
        let (i, u) = numeric_keys(k)?;
        i.and_then(|i| self.get_key(&Key::Int(i)))
            .or_else(|| u.and_then(|u| self.get_key(&Key::Uint(u))))
    }
}

/// The int and uint keys of the same value as the number `k`.
fn numeric_keys(k: &Val) -> Option<(Option<i64>, Option<u64>)> {
    match k {
        Val::Int(i) => Some((None, u64::try_from(*i).ok())),
        Val::Uint(u) => Some((i64::try_from(*u).ok(), None)),
        Val::Double(d) if d.fract() == 0.0 => {
            let i = (*d >= -9.223372036854776e18 && *d < 9.223372036854776e18).then_some(*d as i64);
            let u = (*d >= 0.0 && *d < 1.8446744073709552e19).then_some(*d as u64);
            Some((i, u))
        }
        _ => None,
    }
}

impl Val {
    pub fn str(s: &str) -> Val {
        Val::String(s.into())
    }

    pub fn list(items: Vec<Val>) -> Val {
        Val::List(List::new(items))
    }

    pub fn bytes(b: &[u8]) -> Val {
        Val::Bytes(b.into())
    }

    pub fn type_of(name: &str) -> Val {
        Val::Type(name.into())
    }

    pub fn ext(e: impl Ext) -> Val {
        Val::Ext(Arc::new(e))
    }

    pub fn none() -> Val {
        Val::Optional(None)
    }

    pub fn some(v: Val) -> Val {
        Val::Optional(Some(Arc::new(v)))
    }

    /// The library value `self` holds, if it is a `T`.
    pub fn as_ext<T: Ext>(&self) -> Option<&T> {
        match self {
            Val::Ext(e) => e.downcast::<T>(),
            _ => None,
        }
    }

    /// cel-go's type name of the value (`type(x)`).
    pub fn type_name(&self) -> &str {
        match self {
            Val::Null => "null_type",
            Val::Bool(_) => "bool",
            Val::Int(_) => "int",
            Val::Uint(_) => "uint",
            Val::Double(_) => "double",
            Val::String(_) => "string",
            Val::Bytes(_) => "bytes",
            Val::Duration(_) => "google.protobuf.Duration",
            Val::Timestamp(_) => "google.protobuf.Timestamp",
            Val::List(_) => "list",
            Val::Map(_) => "map",
            Val::Type(_) => "type",
            Val::Optional(_) => "optional_type",
            Val::Ext(e) => e.type_name(),
        }
    }

    /// cel-go's `types.Equal` (for the object's set and map lists, see [`crate::cel::lists`]):
    /// `null` equals only `null`; numbers compare across int, uint and double; lists in order
    /// and maps by key, where an item's error does not make them unequal (only a false item
    /// does, as cel-go's `baseList.Equal`); values of different types are not equal, except
    /// that a library type's value answers `no such overload` for them.
    pub fn equal(&self, other: &Val) -> Result<bool, Error> {
        use Val::*;
        Ok(match (self, other) {
            (Null, _) | (_, Null) => matches!((self, other), (Null, Null)),
            (Ext(a), _) => return a.equal(other),
            (Bool(a), Bool(b)) => a == b,
            (Int(_) | Uint(_) | Double(_), Int(_) | Uint(_) | Double(_)) => {
                numeric_cmp(self, other) == Some(Ordering::Equal)
            }
            (String(a), String(b)) => a == b,
            (Bytes(a), Bytes(b)) => a == b,
            (Duration(a), Duration(b)) => a == b,
            (Timestamp(a), Timestamp(b)) => a == b,
            (List(a), List(b)) => {
                a.len() == b.len()
                    && a.items()
                        .iter()
                        .zip(b.items())
                        .all(|(x, y)| x.equal(y) != Ok(false))
            }
            (Map(a), Map(b)) => {
                a.len() == b.len()
                    && a.entries().iter().all(|(k, x)| {
                        b.get(&Val::from(k))
                            .is_some_and(|y| x.equal(&y) != Ok(false))
                    })
            }
            (Type(a), Type(b)) => a == b,
            (Optional(a), Optional(b)) => match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => return x.equal(y),
                _ => false,
            },
            _ => false,
        })
    }

    /// [`Val::equal`] where an error is not equal (cel-go's `Contains` and set operations).
    pub fn equals(&self, other: &Val) -> bool {
        self.equal(other) == Ok(true)
    }

    /// cel-go's `Compare` (`<`, `<=`, `>`, `>=`): numbers across int, uint and double (a NaN
    /// is unordered), strings by bytes, bytes, bools, durations and timestamps; `None` when the
    /// values are not ordered with each other (`no such overload`).
    pub fn compare(&self, other: &Val) -> Option<Ordering> {
        use Val::*;
        match (self, other) {
            (Int(_) | Uint(_) | Double(_), Int(_) | Uint(_) | Double(_)) => {
                numeric_cmp(self, other)
            }
            (String(a), String(b)) => Some(a.as_bytes().cmp(b.as_bytes())),
            (Bytes(a), Bytes(b)) => Some(a.cmp(b)),
            (Bool(a), Bool(b)) => Some(a.cmp(b)),
            (Duration(a), Duration(b)) => Some(a.cmp(b)),
            (Timestamp(a), Timestamp(b)) => Some(a.cmp(b)),
            _ => None,
        }
    }
}

/// Identity of two values: the same type and the same value (an int is not a double; a NaN
/// is not itself). For tests and constants; cel-go's `==` is [`Val::equal`].
impl PartialEq for Val {
    fn eq(&self, other: &Val) -> bool {
        use Val::*;
        match (self, other) {
            (List(a), List(b)) => a.items() == b.items(),
            (Map(a), Map(b)) => a.entries() == b.entries(),
            (Optional(a), Optional(b)) => a == b,
            _ => {
                std::mem::discriminant(self) == std::mem::discriminant(other)
                    && self.equal(other) == Ok(true)
            }
        }
    }
}

/// Numbers compared by value across types, as cel-go's `compareIntUint` and friends do (a
/// NaN is unordered).
fn numeric_cmp(a: &Val, b: &Val) -> Option<Ordering> {
    use Val::*;
    match (a, b) {
        (Int(x), Int(y)) => Some(x.cmp(y)),
        (Uint(x), Uint(y)) => Some(x.cmp(y)),
        (Int(x), Uint(y)) => Some(if *x < 0 {
            Ordering::Less
        } else {
            (*x as u64).cmp(y)
        }),
        (Uint(_), Int(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        (Double(x), Double(y)) => x.partial_cmp(y),
        (Double(x), Int(y)) => compare_double_int(*x, *y),
        (Int(_), Double(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        (Double(x), Uint(y)) => compare_double_uint(*x, *y),
        (Uint(_), Double(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        _ => None,
    }
}

/// cel-go's `compareDoubleInt`: out of int64's range the double decides, else it is
/// compared with the int as a double.
fn compare_double_int(d: f64, i: i64) -> Option<Ordering> {
    if d.is_nan() {
        return None;
    }
    // Go compares with `math.MinInt64` and `math.MaxInt64` as float64s: both round to ±2⁶³,
    // so 2⁶³ itself is compared as a double (and equals `MaxInt64`).
    if d < -9.223372036854776e18 {
        return Some(Ordering::Less);
    }
    if d > 9.223372036854776e18 {
        return Some(Ordering::Greater);
    }
    d.partial_cmp(&(i as f64))
}

/// cel-go's `compareDoubleUint`.
fn compare_double_uint(d: f64, u: u64) -> Option<Ordering> {
    if d.is_nan() {
        return None;
    }
    if d < 0.0 {
        return Some(Ordering::Less);
    }
    // `math.MaxUint64` as a float64 is 2⁶⁴.
    if d > 1.8446744073709552e19 {
        return Some(Ordering::Greater);
    }
    d.partial_cmp(&(u as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_compare_across_types_as_cel_go() {
        assert!(Val::Int(1).equals(&Val::Uint(1)));
        assert!(Val::Double(1.0).equals(&Val::Int(1)));
        assert!(!Val::Double(f64::NAN).equals(&Val::Double(f64::NAN)));
        assert!(!Val::Int(-1).equals(&Val::Uint(u64::MAX)));
        assert_eq!(Val::Int(-1).compare(&Val::Uint(0)), Some(Ordering::Less));
        assert_eq!(
            Val::Double(1e19).compare(&Val::Int(i64::MAX)),
            Some(Ordering::Greater)
        );
        // cel-go's `compareDoubleInt`: 2⁶³ is not above `float64(MaxInt64)`.
        assert!(Val::Double(9.223372036854776e18).equals(&Val::Int(i64::MAX)));
        assert_eq!(Val::Double(f64::NAN).compare(&Val::Int(0)), None);
        assert!(!Val::Int(1).equals(&Val::str("1")));
    }

    #[test]
    fn a_double_key_finds_the_int_key() {
        let mut m = BTreeMap::new();
        m.insert(Key::Int(1), Val::str("one"));
        m.insert(Key::Uint(2), Val::str("two"));
        let m = Map::new(m);
        assert!(m.get(&Val::Double(1.0)).is_some());
        assert!(m.get(&Val::Uint(1)).is_some());
        assert!(m.get(&Val::Int(2)).is_some());
        assert!(m.get(&Val::Double(1.5)).is_none());
    }
}
