//! The functions and operators kube-apiserver 1.36's CEL environment declares, with their
//! overloads' types, and cel-go's overload resolution over them (`checker.resolveOverload`):
//! what [`super::check`] types a call as, and refuses when no overload takes its arguments.
//!
//! The signatures are those of cel-go's standard library (with the apiserver's cross-type
//! numeric comparisons), `ext.Strings` v2, `ext.Lists` v3, `ext.Sets`, the optional types
//! library, and the Kubernetes libraries of 1.36 (lists v0, regex, URLs, quantity, IP, CIDR,
//! format, semver v1; authz and authz selectors, declared in every environment though a CRD
//! rule has no `authorizer` variable to call them on). Each line: name, `g` (global) or `m` (member, receiver first), the
//! parameter types and the result, in cel-go's type spelling; `A`, `B`, `K`, `V`, `T` are
//! type parameters. Order matters: the first overload that takes the arguments gives the
//! result type.

use super::mapping::Mapping;
use super::types::Ty;
use crate::versions::{CelEnv, CelLib};
use std::collections::HashMap;
use std::sync::OnceLock;

const TABLE: &str = "
_?_:_ g bool A A -> A
!_ g bool -> bool
@not_strictly_false g bool -> bool
_==_ g A A -> bool
_!=_ g A A -> bool
_+_ g bytes bytes -> bytes
_+_ g double double -> double
_+_ g duration duration -> duration
_+_ g duration timestamp -> timestamp
_+_ g timestamp duration -> timestamp
_+_ g int int -> int
_+_ g list(A) list(A) -> list(A)
_+_ g string string -> string
_+_ g uint uint -> uint
_/_ g double double -> double
_/_ g int int -> int
_/_ g uint uint -> uint
_%_ g int int -> int
_%_ g uint uint -> uint
_*_ g double double -> double
_*_ g int int -> int
_*_ g uint uint -> uint
-_ g double -> double
-_ g int -> int
_-_ g double double -> double
_-_ g duration duration -> duration
_-_ g int int -> int
_-_ g timestamp duration -> timestamp
_-_ g timestamp timestamp -> duration
_-_ g uint uint -> uint
_[_] g list(A) int -> A
_[_] g map(A,B) A -> B
_[_] g optional_type(list(V)) int -> optional_type(V)
_[_] g optional_type(map(K,V)) K -> optional_type(V)
_[?_] g list(V) int -> optional_type(V)
_[?_] g optional_type(list(V)) int -> optional_type(V)
_[?_] g map(K,V) K -> optional_type(V)
_[?_] g optional_type(map(K,V)) K -> optional_type(V)
@in g A list(A) -> bool
@in g A map(A,B) -> bool
size g bytes -> int
size m bytes -> int
size g list(A) -> int
size m list(A) -> int
size g map(A,B) -> int
size m map(A,B) -> int
size g string -> int
size m string -> int
type g A -> type(A)
bool g bool -> bool
bool g string -> bool
bytes g bytes -> bytes
bytes g string -> bytes
double g double -> double
double g int -> double
double g string -> double
double g uint -> double
duration g duration -> duration
duration g string -> duration
dyn g A -> dyn
int g int -> int
int g double -> int
int g duration -> int
int g string -> int
int g timestamp -> int
int g uint -> int
string g string -> string
string g bool -> string
string g bytes -> string
string g double -> string
string g duration -> string
string g int -> string
string g timestamp -> string
string g uint -> string
string g net.IP -> string
string g net.CIDR -> string
timestamp g timestamp -> timestamp
timestamp g int -> timestamp
timestamp g string -> timestamp
uint g uint -> uint
uint g double -> uint
uint g int -> uint
uint g string -> uint
contains m string string -> bool
endsWith m string string -> bool
startsWith m string string -> bool
matches g string string -> bool
matches m string string -> bool
getFullYear m timestamp -> int
getFullYear m timestamp string -> int
getMonth m timestamp -> int
getMonth m timestamp string -> int
getDayOfYear m timestamp -> int
getDayOfYear m timestamp string -> int
getDayOfMonth m timestamp -> int
getDayOfMonth m timestamp string -> int
getDate m timestamp -> int
getDate m timestamp string -> int
getDayOfWeek m timestamp -> int
getDayOfWeek m timestamp string -> int
getHours m timestamp -> int
getHours m timestamp string -> int
getHours m duration -> int
getMinutes m timestamp -> int
getMinutes m timestamp string -> int
getMinutes m duration -> int
getSeconds m timestamp -> int
getSeconds m timestamp string -> int
getSeconds m duration -> int
getMilliseconds m timestamp -> int
getMilliseconds m timestamp string -> int
getMilliseconds m duration -> int
charAt m string int -> string
indexOf m string string -> int
indexOf m string string int -> int
lastIndexOf m string string -> int
lastIndexOf m string string int -> int
lowerAscii m string -> string
replace m string string string -> string
replace m string string string int -> string
split m string string -> list(string)
split m string string int -> list(string)
substring m string int -> string
substring m string int int -> string
trim m string -> string
upperAscii m string -> string
format m string list(dyn) -> string
strings.quote g string -> string
join m list(string) -> string
join m list(string) string -> string
slice m list(T) int int -> list(T)
flatten m list(list(T)) -> list(T)
flatten m list(dyn) int -> list(dyn)
sort m list(int) -> list(int)
sort m list(uint) -> list(uint)
sort m list(double) -> list(double)
sort m list(bool) -> list(bool)
sort m list(duration) -> list(duration)
sort m list(timestamp) -> list(timestamp)
sort m list(string) -> list(string)
sort m list(bytes) -> list(bytes)
@sortByAssociatedKeys m list(T) list(int) -> list(T)
@sortByAssociatedKeys m list(T) list(uint) -> list(T)
@sortByAssociatedKeys m list(T) list(double) -> list(T)
@sortByAssociatedKeys m list(T) list(bool) -> list(T)
@sortByAssociatedKeys m list(T) list(duration) -> list(T)
@sortByAssociatedKeys m list(T) list(timestamp) -> list(T)
@sortByAssociatedKeys m list(T) list(string) -> list(T)
@sortByAssociatedKeys m list(T) list(bytes) -> list(T)
lists.range g int -> list(int)
reverse m list(T) -> list(T)
distinct m list(T) -> list(T)
sets.contains g list(T) list(T) -> bool
sets.equivalent g list(T) list(T) -> bool
sets.intersects g list(T) list(T) -> bool
cel.@mapInsert g map(K,V) K V -> map(K,V)
cel.@mapInsert g map(K,V) map(K,V) -> map(K,V)
optional.of g V -> optional_type(V)
optional.ofNonZeroValue g V -> optional_type(V)
optional.none g -> optional_type(V)
value m optional_type(V) -> V
hasValue m optional_type(V) -> bool
or m optional_type(V) optional_type(V) -> optional_type(V)
orValue m optional_type(V) V -> V
last m list(V) -> optional_type(V)
first m list(V) -> optional_type(V)
optional.unwrap g list(optional_type(V)) -> list(V)
unwrapOpt m list(optional_type(V)) -> list(V)
isSorted m list(int) -> bool
isSorted m list(uint) -> bool
isSorted m list(double) -> bool
isSorted m list(bool) -> bool
isSorted m list(duration) -> bool
isSorted m list(timestamp) -> bool
isSorted m list(string) -> bool
isSorted m list(bytes) -> bool
sum m list(int) -> int
sum m list(uint) -> uint
sum m list(double) -> double
sum m list(duration) -> duration
max m list(int) -> int
max m list(uint) -> uint
max m list(double) -> double
max m list(bool) -> bool
max m list(duration) -> duration
max m list(timestamp) -> timestamp
max m list(string) -> string
max m list(bytes) -> bytes
min m list(int) -> int
min m list(uint) -> uint
min m list(double) -> double
min m list(bool) -> bool
min m list(duration) -> duration
min m list(timestamp) -> timestamp
min m list(string) -> string
min m list(bytes) -> bytes
indexOf m list(A) A -> int
lastIndexOf m list(A) A -> int
find m string string -> string
findAll m string string -> list(string)
findAll m string string int -> list(string)
url g string -> kubernetes.URL
getScheme m kubernetes.URL -> string
getHost m kubernetes.URL -> string
getHostname m kubernetes.URL -> string
getPort m kubernetes.URL -> string
getEscapedPath m kubernetes.URL -> string
getQuery m kubernetes.URL -> map(string,list(string))
isURL g string -> bool
quantity g string -> kubernetes.Quantity
isQuantity g string -> bool
sign g kubernetes.Quantity -> int
isGreaterThan m kubernetes.Quantity kubernetes.Quantity -> bool
isLessThan m kubernetes.Quantity kubernetes.Quantity -> bool
compareTo m kubernetes.Quantity kubernetes.Quantity -> int
asApproximateFloat m kubernetes.Quantity -> double
asInteger m kubernetes.Quantity -> int
isInteger m kubernetes.Quantity -> bool
add m kubernetes.Quantity kubernetes.Quantity -> kubernetes.Quantity
add m kubernetes.Quantity int -> kubernetes.Quantity
sub m kubernetes.Quantity kubernetes.Quantity -> kubernetes.Quantity
sub m kubernetes.Quantity int -> kubernetes.Quantity
ip g string -> net.IP
family m net.IP -> int
ip.isCanonical g string -> bool
isUnspecified m net.IP -> bool
isLoopback m net.IP -> bool
isLinkLocalMulticast m net.IP -> bool
isLinkLocalUnicast m net.IP -> bool
isGlobalUnicast m net.IP -> bool
isIP g string -> bool
cidr g string -> net.CIDR
containsIP m net.CIDR string -> bool
containsIP m net.CIDR net.IP -> bool
containsCIDR m net.CIDR string -> bool
containsCIDR m net.CIDR net.CIDR -> bool
ip m net.CIDR -> net.IP
prefixLength m net.CIDR -> int
masked m net.CIDR -> net.CIDR
isCIDR g string -> bool
validate m kubernetes.NamedFormat string -> optional_type(list(string))
format.named g string -> optional_type(kubernetes.NamedFormat)
semver g string -> kubernetes.Semver
semver g string bool -> kubernetes.Semver
isSemver g string -> bool
isSemver g string bool -> bool
isGreaterThan m kubernetes.Semver kubernetes.Semver -> bool
isLessThan m kubernetes.Semver kubernetes.Semver -> bool
compareTo m kubernetes.Semver kubernetes.Semver -> int
major m kubernetes.Semver -> int
minor m kubernetes.Semver -> int
patch m kubernetes.Semver -> int
path m kubernetes.authorization.Authorizer string -> kubernetes.authorization.PathCheck
group m kubernetes.authorization.Authorizer string -> kubernetes.authorization.GroupCheck
serviceAccount m kubernetes.authorization.Authorizer string string -> kubernetes.authorization.Authorizer
resource m kubernetes.authorization.GroupCheck string -> kubernetes.authorization.ResourceCheck
subresource m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck
namespace m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck
name m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck
check m kubernetes.authorization.PathCheck string -> kubernetes.authorization.Decision
check m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.Decision
errored m kubernetes.authorization.Decision -> bool
error m kubernetes.authorization.Decision -> string
allowed m kubernetes.authorization.Decision -> bool
reason m kubernetes.authorization.Decision -> string
fieldSelector m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck
labelSelector m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck
";

/// The relations, declared for every ordered type and (with the apiserver's
/// `CrossTypeNumericComparisons`) for every pair of numeric types.
const ORDERED: &[&str] = &[
    "bool bool",
    "int int",
    "int double",
    "int uint",
    "uint uint",
    "uint double",
    "uint int",
    "double double",
    "double int",
    "double uint",
    "string string",
    "bytes bytes",
    "timestamp timestamp",
    "duration duration",
];

/// A parameter or result type of an overload: a type, or one built on type parameters.
#[derive(Clone, Debug)]
enum Pat {
    /// A type without parameters (`int`, `dyn`, `kubernetes.Quantity`…).
    Is(Ty),
    List(Box<Pat>),
    Map(Box<Pat>, Box<Pat>),
    Optional(Box<Pat>),
    /// `type(T)`.
    TypeOf(Box<Pat>),
    /// A type parameter (index into the bindings).
    Param(usize),
}

struct Overload {
    /// The table line (`_<_ g string string -> bool`): what names the overload.
    sig: &'static str,
    /// The version-gated library that declares it (see [`crate::versions`]), if any.
    lib: Option<CelLib>,
    member: bool,
    params: Vec<Pat>,
    result: Pat,
}

fn table() -> &'static HashMap<&'static str, Vec<Overload>> {
    static TABLE_MAP: OnceLock<HashMap<&'static str, Vec<Overload>>> = OnceLock::new();
    TABLE_MAP.get_or_init(|| {
        let mut map: HashMap<&'static str, Vec<Overload>> = HashMap::new();
        let mut add = |line: &'static str| {
            let (sig, result) = line.split_once(" -> ").expect("an overload has a result");
            let mut words = sig.split_whitespace();
            let name = words.next().expect("a name");
            let member = words.next() == Some("m");
            let params = words.map(pat).collect();
            let result = pat(result.trim());
            map.entry(name).or_default().push(Overload {
                sig: line,
                lib: library_of(name, line),
                member,
                params,
                result,
            });
        };
        for line in TABLE.lines().filter(|l| !l.trim().is_empty()) {
            add(line);
        }
        for op in ["_<_", "_<=_", "_>_", "_>=_"] {
            for pair in ORDERED {
                add(format!("{op} g {pair} -> bool").leak());
            }
        }
        for name in super::library::FORMATS {
            add(format!("format.{name} g -> kubernetes.NamedFormat").leak());
        }
        map
    })
}

/// The version-gated library an overload belongs to: `ext.Lists` version 3's functions, the
/// semver library's, the optional library's `first`/`last`.
fn library_of(name: &str, line: &str) -> Option<CelLib> {
    match name {
        "slice"
        | "flatten"
        | "sort"
        | "@sortByAssociatedKeys"
        | "lists.range"
        | "reverse"
        | "distinct" => Some(CelLib::ListsV3),
        "semver" | "isSemver" => Some(CelLib::Semver),
        _ if line.contains("kubernetes.Semver") => Some(CelLib::Semver),
        "first" | "last" => Some(CelLib::OptionalFirstLast),
        _ => None,
    }
}

impl Overload {
    /// Whether the environment `env` declares it.
    fn in_env(&self, env: &CelEnv) -> bool {
        self.lib.is_none_or(|l| env.has(l))
    }
}

/// Parses a type of the table (`list(A)`, `map(K,V)`, `kubernetes.Quantity`).
fn pat(s: &'static str) -> Pat {
    let inner = |prefix: &str| {
        s.strip_prefix(prefix)
            .and_then(|r| r.strip_suffix(')'))
            .map(|r| r.trim())
    };
    if let Some(e) = inner("list(") {
        return Pat::List(Box::new(pat(e)));
    }
    if let Some(e) = inner("type(") {
        return Pat::TypeOf(Box::new(pat(e)));
    }
    if let Some(e) = inner("optional_type(") {
        return Pat::Optional(Box::new(pat(e)));
    }
    if let Some(kv) = inner("map(") {
        let (k, v) = kv.split_once(',').expect("a map has two parameters");
        return Pat::Map(Box::new(pat(k.trim())), Box::new(pat(v.trim())));
    }
    Pat::Is(match s {
        "int" => Ty::Int,
        "uint" => Ty::Uint,
        "double" => Ty::Double,
        "string" => Ty::Str,
        "bool" => Ty::Bool,
        "bytes" => Ty::Bytes,
        "duration" => Ty::Duration,
        "timestamp" => Ty::Timestamp,
        "dyn" => Ty::Dyn,
        "A" | "K" | "T" => return Pat::Param(0),
        "B" | "V" => return Pat::Param(1),
        _ if s.contains('.') => Ty::Opaque(s),
        _ => panic!("unknown type {s} in the overload table"),
    })
}

/// Whether the environment `env` declares a function `name` called this way (`member`: on a
/// receiver).
pub fn declared(name: &str, member: bool, env: &CelEnv) -> bool {
    table()
        .get(name)
        .is_some_and(|os| os.iter().any(|o| o.member == member && o.in_env(env)))
}

/// Whether the environment `env` declares a function `name` in either form.
pub fn declared_any(name: &str, env: &CelEnv) -> bool {
    table()
        .get(name)
        .is_some_and(|os| os.iter().any(|o| o.in_env(env)))
}

/// The type of call `name` with arguments `args` (the receiver first when `member`), as
/// cel-go's checker resolves it: each overload's type parameters are fresh variables of `m`,
/// and every overload that takes the arguments binds them in `m` (for the whole rule); the
/// first gives the type, which becomes `dyn` when a later one gives another. `None` when no
/// overload of this form and arity takes them (cel-go's `found no matching overload`).
/// With the type, the overload when it is the only one that takes the arguments (its table
/// line): cel-go's checker then records one overload id for the call, which the runtime cost
/// of some functions depends on (see [`super::interp`]).
pub fn resolve_with(
    name: &str,
    member: bool,
    args: &[Ty],
    m: &mut Mapping,
    env: &CelEnv,
) -> Option<(Ty, Option<&'static str>)> {
    let mut result: Option<Ty> = None;
    let mut fitting = 0;
    let mut only = None;
    for o in table().get(name)? {
        if o.member != member || o.params.len() != args.len() || !o.in_env(env) {
            continue;
        }
        let vars = [m.fresh(), m.fresh()];
        let params: Vec<Ty> = o.params.iter().map(|p| instantiate(p, &vars)).collect();
        if !m.assignable_list(args, &params) {
            continue;
        }
        fitting += 1;
        only = Some(o.sig);
        let t = m.substitute(&instantiate(&o.result, &vars), false);
        result = Some(match result {
            None => t,
            Some(r) if matches!(r, Ty::Dyn) || r.exact_eq(&t) => r,
            Some(_) => Ty::Dyn,
        });
    }
    result.map(|t| (t, if fitting == 1 { only } else { None }))
}

/// The type `p` stands for, its parameters being `vars`.
fn instantiate(p: &Pat, vars: &[Ty; 2]) -> Ty {
    let of = |p: &Pat| Box::new(instantiate(p, vars));
    match p {
        Pat::Is(t) => t.clone(),
        Pat::List(e) => Ty::List(of(e)),
        Pat::Map(k, v) => Ty::Map(of(k), of(v)),
        Pat::Optional(e) => Ty::Optional(of(e)),
        Pat::TypeOf(e) => Ty::Type(of(e)),
        Pat::Param(i) => vars[*i].clone(),
    }
}
