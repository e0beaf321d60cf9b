//! The functions and operators kube-apiserver 1.36's CEL environment declares, with their
//! overloads' types, and cel-go's overload resolution over them (`checker.resolveOverload`):
//! what [`crate::cel::check`] types a call as, and refuses when no overload takes its arguments.
//!
//! The signatures are those of cel-go's standard library (with the apiserver's cross-type
//! numeric comparisons), `ext.Strings` v2, `ext.Lists` v3, `ext.Sets`, the optional types
//! library, and the Kubernetes libraries of 1.36 (lists v0, regex, URLs, quantity, IP, CIDR,
//! format, semver v1; authz and authz selectors, declared in every environment though a CRD
//! rule has no `authorizer` variable to call them on). Each line: name, `g` (global) or `m` (member, receiver first), the
//! parameter types and the result, in cel-go's type spelling; `A`, `B`, `K`, `V`, `T` are
//! type parameters; after `=`, the overload's id as its library declares it (cel-go's
//! `common/overloads` constants, the ids the `ext` and optional libraries and the Kubernetes
//! libraries give `cel.Overload` and `cel.MemberOverload`), which is what the checker records
//! for a call and what the runtime cost of a call is keyed by ([`crate::cel::interp`]). Order
//! matters: the first overload that takes the arguments gives the result type. A function
//! two libraries declare has the overloads of the library the apiserver adds first, first
//! (cel-go's `FunctionDecl.Merge`): the Kubernetes lists library's `indexOf` and `lastIndexOf`
//! before `ext.Strings`'.

use crate::cel::mapping::Mapping;
use crate::cel::types::Ty;
use crate::cel::val::Val;
use crate::fxhash::FxHashMap;
use crate::versions::{CelEnv, CelLib};
#[cfg(test)]
use std::collections::HashMap;
use std::sync::OnceLock;

const TABLE: &str = "
_?_:_ g bool A A -> A = conditional
!_ g bool -> bool = logical_not
@not_strictly_false g bool -> bool = not_strictly_false
_==_ g A A -> bool = equals
_!=_ g A A -> bool = not_equals
_+_ g bytes bytes -> bytes = add_bytes
_+_ g double double -> double = add_double
_+_ g duration duration -> duration = add_duration_duration
_+_ g duration timestamp -> timestamp = add_duration_timestamp
_+_ g timestamp duration -> timestamp = add_timestamp_duration
_+_ g int int -> int = add_int64
_+_ g list(A) list(A) -> list(A) = add_list
_+_ g string string -> string = add_string
_+_ g uint uint -> uint = add_uint64
_/_ g double double -> double = divide_double
_/_ g int int -> int = divide_int64
_/_ g uint uint -> uint = divide_uint64
_%_ g int int -> int = modulo_int64
_%_ g uint uint -> uint = modulo_uint64
_*_ g double double -> double = multiply_double
_*_ g int int -> int = multiply_int64
_*_ g uint uint -> uint = multiply_uint64
-_ g double -> double = negate_double
-_ g int -> int = negate_int64
_-_ g double double -> double = subtract_double
_-_ g duration duration -> duration = subtract_duration_duration
_-_ g int int -> int = subtract_int64
_-_ g timestamp duration -> timestamp = subtract_timestamp_duration
_-_ g timestamp timestamp -> duration = subtract_timestamp_timestamp
_-_ g uint uint -> uint = subtract_uint64
_[_] g list(A) int -> A = index_list
_[_] g map(A,B) A -> B = index_map
_[_] g optional_type(list(V)) int -> optional_type(V) = optional_list_index_int
_[_] g optional_type(map(K,V)) K -> optional_type(V) = optional_map_index_value
_[?_] g list(V) int -> optional_type(V) = list_optindex_optional_int
_[?_] g optional_type(list(V)) int -> optional_type(V) = optional_list_optindex_optional_int
_[?_] g map(K,V) K -> optional_type(V) = map_optindex_optional_value
_[?_] g optional_type(map(K,V)) K -> optional_type(V) = optional_map_optindex_optional_value
@in g A list(A) -> bool = in_list
@in g A map(A,B) -> bool = in_map
size g bytes -> int = size_bytes
size m bytes -> int = bytes_size
size g list(A) -> int = size_list
size m list(A) -> int = list_size
size g map(A,B) -> int = size_map
size m map(A,B) -> int = map_size
size g string -> int = size_string
size m string -> int = string_size
type g A -> type(A) = type
bool g bool -> bool = bool_to_bool
bool g string -> bool = string_to_bool
bytes g bytes -> bytes = bytes_to_bytes
bytes g string -> bytes = string_to_bytes
double g double -> double = double_to_double
double g int -> double = int64_to_double
double g string -> double = string_to_double
double g uint -> double = uint64_to_double
duration g duration -> duration = duration_to_duration
duration g int -> duration = int64_to_duration
duration g string -> duration = string_to_duration
dyn g A -> dyn = to_dyn
int g int -> int = int64_to_int64
int g double -> int = double_to_int64
int g duration -> int = duration_to_int64
int g string -> int = string_to_int64
int g timestamp -> int = timestamp_to_int64
int g uint -> int = uint64_to_int64
string g string -> string = string_to_string
string g bool -> string = bool_to_string
string g bytes -> string = bytes_to_string
string g double -> string = double_to_string
string g duration -> string = duration_to_string
string g int -> string = int64_to_string
string g timestamp -> string = timestamp_to_string
string g uint -> string = uint64_to_string
string g net.IP -> string = ip_to_string
string g net.CIDR -> string = cidr_to_string
timestamp g timestamp -> timestamp = timestamp_to_timestamp
timestamp g int -> timestamp = int64_to_timestamp
timestamp g string -> timestamp = string_to_timestamp
uint g uint -> uint = uint64_to_uint64
uint g double -> uint = double_to_uint64
uint g int -> uint = int64_to_uint64
uint g string -> uint = string_to_uint64
contains m string string -> bool = contains_string
endsWith m string string -> bool = ends_with_string
startsWith m string string -> bool = starts_with_string
matches g string string -> bool = matches
matches m string string -> bool = matches_string
getFullYear m timestamp -> int = timestamp_to_year
getFullYear m timestamp string -> int = timestamp_to_year_with_tz
getMonth m timestamp -> int = timestamp_to_month
getMonth m timestamp string -> int = timestamp_to_month_with_tz
getDayOfYear m timestamp -> int = timestamp_to_day_of_year
getDayOfYear m timestamp string -> int = timestamp_to_day_of_year_with_tz
getDayOfMonth m timestamp -> int = timestamp_to_day_of_month
getDayOfMonth m timestamp string -> int = timestamp_to_day_of_month_with_tz
getDate m timestamp -> int = timestamp_to_day_of_month_1_based
getDate m timestamp string -> int = timestamp_to_day_of_month_1_based_with_tz
getDayOfWeek m timestamp -> int = timestamp_to_day_of_week
getDayOfWeek m timestamp string -> int = timestamp_to_day_of_week_with_tz
getHours m timestamp -> int = timestamp_to_hours
getHours m timestamp string -> int = timestamp_to_hours_with_tz
getHours m duration -> int = duration_to_hours
getMinutes m timestamp -> int = timestamp_to_minutes
getMinutes m timestamp string -> int = timestamp_to_minutes_with_tz
getMinutes m duration -> int = duration_to_minutes
getSeconds m timestamp -> int = timestamp_to_seconds
getSeconds m timestamp string -> int = timestamp_to_seconds_tz
getSeconds m duration -> int = duration_to_seconds
getMilliseconds m timestamp -> int = timestamp_to_milliseconds
getMilliseconds m timestamp string -> int = timestamp_to_milliseconds_with_tz
getMilliseconds m duration -> int = duration_to_milliseconds
isSorted m list(int) -> bool = list_int_is_sorted_bool
isSorted m list(uint) -> bool = list_uint_is_sorted_bool
isSorted m list(double) -> bool = list_double_is_sorted_bool
isSorted m list(bool) -> bool = list_bool_is_sorted_bool
isSorted m list(duration) -> bool = list_duration_is_sorted_bool
isSorted m list(timestamp) -> bool = list_timestamp_is_sorted_bool
isSorted m list(string) -> bool = list_string_is_sorted_bool
isSorted m list(bytes) -> bool = list_bytes_is_sorted_bool
sum m list(int) -> int = list_int_sum_int
sum m list(uint) -> uint = list_uint_sum_uint
sum m list(double) -> double = list_double_sum_double
sum m list(duration) -> duration = list_duration_sum_duration
max m list(int) -> int = list_int_max_int
max m list(uint) -> uint = list_uint_max_uint
max m list(double) -> double = list_double_max_double
max m list(bool) -> bool = list_bool_max_bool
max m list(duration) -> duration = list_duration_max_duration
max m list(timestamp) -> timestamp = list_timestamp_max_timestamp
max m list(string) -> string = list_string_max_string
max m list(bytes) -> bytes = list_bytes_max_bytes
min m list(int) -> int = list_int_min_int
min m list(uint) -> uint = list_uint_min_uint
min m list(double) -> double = list_double_min_double
min m list(bool) -> bool = list_bool_min_bool
min m list(duration) -> duration = list_duration_min_duration
min m list(timestamp) -> timestamp = list_timestamp_min_timestamp
min m list(string) -> string = list_string_min_string
min m list(bytes) -> bytes = list_bytes_min_bytes
indexOf m list(A) A -> int = list_a_index_of_int
lastIndexOf m list(A) A -> int = list_a_last_index_of_int
charAt m string int -> string = string_char_at_int
indexOf m string string -> int = string_index_of_string
indexOf m string string int -> int = string_index_of_string_int
lastIndexOf m string string -> int = string_last_index_of_string
lastIndexOf m string string int -> int = string_last_index_of_string_int
lowerAscii m string -> string = string_lower_ascii
replace m string string string -> string = string_replace_string_string
replace m string string string int -> string = string_replace_string_string_int
split m string string -> list(string) = string_split_string
split m string string int -> list(string) = string_split_string_int
substring m string int -> string = string_substring_int
substring m string int int -> string = string_substring_int_int
trim m string -> string = string_trim
upperAscii m string -> string = string_upper_ascii
format m string list(dyn) -> string = string_format
strings.quote g string -> string = strings_quote
join m list(string) -> string = list_join
join m list(string) string -> string = list_join_string
slice m list(T) int int -> list(T) = list_slice
flatten m list(list(T)) -> list(T) = list_flatten
flatten m list(dyn) int -> list(dyn) = list_flatten_int
sort m list(int) -> list(int) = list_int_sort
sort m list(uint) -> list(uint) = list_uint_sort
sort m list(double) -> list(double) = list_double_sort
sort m list(bool) -> list(bool) = list_bool_sort
sort m list(duration) -> list(duration) = list_google.protobuf.Duration_sort
sort m list(timestamp) -> list(timestamp) = list_google.protobuf.Timestamp_sort
sort m list(string) -> list(string) = list_string_sort
sort m list(bytes) -> list(bytes) = list_bytes_sort
@sortByAssociatedKeys m list(T) list(int) -> list(T) = list_int_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(uint) -> list(T) = list_uint_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(double) -> list(T) = list_double_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(bool) -> list(T) = list_bool_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(duration) -> list(T) = list_google.protobuf.Duration_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(timestamp) -> list(T) = list_google.protobuf.Timestamp_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(string) -> list(T) = list_string_sortByAssociatedKeys
@sortByAssociatedKeys m list(T) list(bytes) -> list(T) = list_bytes_sortByAssociatedKeys
lists.range g int -> list(int) = lists_range
reverse m list(T) -> list(T) = list_reverse
distinct m list(T) -> list(T) = list_distinct
sets.contains g list(T) list(T) -> bool = list_sets_contains_list
sets.equivalent g list(T) list(T) -> bool = list_sets_equivalent_list
sets.intersects g list(T) list(T) -> bool = list_sets_intersects_list
cel.@mapInsert g map(K,V) K V -> map(K,V) = @mapInsert_map_key_value
cel.@mapInsert g map(K,V) map(K,V) -> map(K,V) = @mapInsert_map_map
optional.of g V -> optional_type(V) = optional_of
optional.ofNonZeroValue g V -> optional_type(V) = optional_ofNonZeroValue
optional.none g -> optional_type(V) = optional_none
value m optional_type(V) -> V = optional_value
hasValue m optional_type(V) -> bool = optional_hasValue
or m optional_type(V) optional_type(V) -> optional_type(V) = optional_or_optional
orValue m optional_type(V) V -> V = optional_orValue_value
last m list(V) -> optional_type(V) = list_last
first m list(V) -> optional_type(V) = list_first
optional.unwrap g list(optional_type(V)) -> list(V) = optional_unwrap
unwrapOpt m list(optional_type(V)) -> list(V) = optional_unwrapOpt
find m string string -> string = string_find_string
findAll m string string -> list(string) = string_find_all_string
findAll m string string int -> list(string) = string_find_all_string_int
url g string -> kubernetes.URL = string_to_url
getScheme m kubernetes.URL -> string = url_get_scheme
getHost m kubernetes.URL -> string = url_get_host
getHostname m kubernetes.URL -> string = url_get_hostname
getPort m kubernetes.URL -> string = url_get_port
getEscapedPath m kubernetes.URL -> string = url_get_escaped_path
getQuery m kubernetes.URL -> map(string,list(string)) = url_get_query
isURL g string -> bool = is_url_string
quantity g string -> kubernetes.Quantity = string_to_quantity
isQuantity g string -> bool = is_quantity_string
sign g kubernetes.Quantity -> int = quantity_sign
isGreaterThan m kubernetes.Quantity kubernetes.Quantity -> bool = quantity_is_greater_than
isLessThan m kubernetes.Quantity kubernetes.Quantity -> bool = quantity_is_less_than
compareTo m kubernetes.Quantity kubernetes.Quantity -> int = quantity_compare_to
asApproximateFloat m kubernetes.Quantity -> double = quantity_get_float
asInteger m kubernetes.Quantity -> int = quantity_get_int
isInteger m kubernetes.Quantity -> bool = quantity_is_integer
add m kubernetes.Quantity kubernetes.Quantity -> kubernetes.Quantity = quantity_add
add m kubernetes.Quantity int -> kubernetes.Quantity = quantity_add_int
sub m kubernetes.Quantity kubernetes.Quantity -> kubernetes.Quantity = quantity_sub
sub m kubernetes.Quantity int -> kubernetes.Quantity = quantity_sub_int
ip g string -> net.IP = string_to_ip
family m net.IP -> int = ip_family
ip.isCanonical g string -> bool = ip_is_canonical
isUnspecified m net.IP -> bool = ip_is_unspecified
isLoopback m net.IP -> bool = ip_is_loopback
isLinkLocalMulticast m net.IP -> bool = ip_is_link_local_multicast
isLinkLocalUnicast m net.IP -> bool = ip_is_link_local_unicast
isGlobalUnicast m net.IP -> bool = ip_is_global_unicast
isIP g string -> bool = is_ip
cidr g string -> net.CIDR = string_to_cidr
containsIP m net.CIDR string -> bool = cidr_contains_ip_string
containsIP m net.CIDR net.IP -> bool = cidr_contains_ip_ip
containsCIDR m net.CIDR string -> bool = cidr_contains_cidr_string
containsCIDR m net.CIDR net.CIDR -> bool = cidr_contains_cidr
ip m net.CIDR -> net.IP = cidr_ip
prefixLength m net.CIDR -> int = cidr_prefix_length
masked m net.CIDR -> net.CIDR = cidr_masked
isCIDR g string -> bool = is_cidr
validate m kubernetes.NamedFormat string -> optional_type(list(string)) = format-validate
format.named g string -> optional_type(kubernetes.NamedFormat) = format-named
semver g string -> kubernetes.Semver = string_to_semver
semver g string bool -> kubernetes.Semver = string_bool_to_semver
isSemver g string -> bool = is_semver_string
isSemver g string bool -> bool = is_semver_string_bool
isGreaterThan m kubernetes.Semver kubernetes.Semver -> bool = semver_is_greater_than
isLessThan m kubernetes.Semver kubernetes.Semver -> bool = semver_is_less_than
compareTo m kubernetes.Semver kubernetes.Semver -> int = semver_compare_to
major m kubernetes.Semver -> int = semver_major
minor m kubernetes.Semver -> int = semver_minor
patch m kubernetes.Semver -> int = semver_patch
path m kubernetes.authorization.Authorizer string -> kubernetes.authorization.PathCheck = authorizer_path
group m kubernetes.authorization.Authorizer string -> kubernetes.authorization.GroupCheck = authorizer_group
serviceAccount m kubernetes.authorization.Authorizer string string -> kubernetes.authorization.Authorizer = authorizer_serviceaccount
resource m kubernetes.authorization.GroupCheck string -> kubernetes.authorization.ResourceCheck = groupcheck_resource
subresource m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck = resourcecheck_subresource
namespace m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck = resourcecheck_namespace
name m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck = resourcecheck_name
check m kubernetes.authorization.PathCheck string -> kubernetes.authorization.Decision = pathcheck_check
check m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.Decision = resourcecheck_check
errored m kubernetes.authorization.Decision -> bool = decision_errored
error m kubernetes.authorization.Decision -> string = decision_error
allowed m kubernetes.authorization.Decision -> bool = decision_allowed
reason m kubernetes.authorization.Decision -> string = decision_reason
fieldSelector m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck = authorizer_fieldselector
labelSelector m kubernetes.authorization.ResourceCheck string -> kubernetes.authorization.ResourceCheck = authorizer_labelselector
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

/// The relations and the prefix of their overloads' ids (`overloads.LessInt64`,
/// `overloads.GreaterEqualsDoubleUint64`…).
const RELATIONS: [(&str, &str); 4] = [
    ("_<_", "less"),
    ("_<=_", "less_equals"),
    ("_>_", "greater"),
    ("_>=_", "greater_equals"),
];

/// The id of a relation's overload on `pair` (`int double`): the prefix, then the operands'
/// types in cel-go's ids' spelling (`int64`, `uint64`), the second only when it differs from
/// the first (`less_int64`, `less_int64_double`).
fn relation_id(prefix: &str, pair: &str) -> String {
    fn spell(t: &str) -> &str {
        match t {
            "int" => "int64",
            "uint" => "uint64",
            t => t,
        }
    }
    let (a, b) = pair.split_once(' ').expect("a pair");
    match a == b {
        true => format!("{prefix}_{}", spell(a)),
        false => format!("{prefix}_{}_{}", spell(a), spell(b)),
    }
}

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

/// An overload the environment declares: what the checker resolves a call against, and what
/// the runtime's type guard checks operands against ([`Overload::accepts`]).
#[derive(Debug)]
pub struct Overload {
    /// Its function's name (`_+_`, `indexOf`).
    name: &'static str,
    /// Its id (`less_string`, `list_int_sum_int`).
    id: &'static str,
    /// The version-gated library that declares it (see [`crate::versions`]), if any.
    lib: Option<CelLib>,
    member: bool,
    params: Vec<Pat>,
    result: Pat,
}

impl Overload {
    /// How many type parameters the overload has (cel-go's `OverloadDecl.TypeParams`, gathered
    /// from its arguments and result).
    fn type_params(&self) -> usize {
        fn most(p: &Pat) -> usize {
            match p {
                Pat::Is(_) => 0,
                Pat::List(e) | Pat::Optional(e) | Pat::TypeOf(e) => most(e),
                Pat::Map(k, v) => most(k).max(most(v)),
                Pat::Param(i) => i + 1,
            }
        }
        self.params
            .iter()
            .chain([&self.result])
            .map(most)
            .max()
            .unwrap_or(0)
    }
}

/// The table by function name (its keys are the table's own, so a fast hash serves).
fn table() -> &'static FxHashMap<&'static str, Vec<Overload>> {
    static TABLE_MAP: OnceLock<FxHashMap<&'static str, Vec<Overload>>> = OnceLock::new();
    TABLE_MAP.get_or_init(|| {
        let mut map: FxHashMap<&'static str, Vec<Overload>> = FxHashMap::default();
        let mut add = |line: &'static str| {
            let (line, id) = line.rsplit_once(" = ").expect("an overload has an id");
            let (sig, result) = line.split_once(" -> ").expect("an overload has a result");
            let mut words = sig.split_whitespace();
            let name = words.next().expect("a name");
            let member = words.next() == Some("m");
            let params = words.map(pat).collect();
            let result = pat(result.trim());
            map.entry(name).or_default().push(Overload {
                name,
                id,
                lib: library_of(name, line),
                member,
                params,
                result,
            });
        };
        for line in TABLE.lines().filter(|l| !l.trim().is_empty()) {
            add(line);
        }
        for (op, prefix) in RELATIONS {
            for pair in ORDERED {
                let id = relation_id(prefix, pair);
                add(format!("{op} g {pair} -> bool = {id}").leak());
            }
        }
        // The Kubernetes format library names each constant format's overload as its function
        // (`format.dns1123Label`).
        for name in crate::cel::library::FORMATS {
            add(format!("format.{name} g -> kubernetes.NamedFormat = format.{name}").leak());
        }
        map
    })
}

/// The version-gated library an overload belongs to: `ext.Lists` version 3's functions, the
/// semver library's, the optional library's version 2 (`first`, `last`, `optional.unwrap`,
/// `unwrapOpt`), and `ext.TwoVarComprehensions`' `cel.@mapInsert` (which only its macros'
/// expansions call).
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
        "first" | "last" | "optional.unwrap" | "unwrapOpt" => Some(CelLib::OptionalV2),
        "cel.@mapInsert" => Some(CelLib::TwoVarComprehensions),
        _ => None,
    }
}

impl Overload {
    /// Its function's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Its id (`add_int64`, `list_int_sum_int`).
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// How many operands it takes (the receiver of a member overload counted).
    pub fn arity(&self) -> usize {
        self.params.len()
    }

    /// Whether the environment `env` declares it.
    pub fn in_env(&self, env: &CelEnv) -> bool {
        self.lib.is_none_or(|l| env.has(l))
    }

    /// Whether its signature takes `args` at run time: cel-go's type guard
    /// (`OverloadDecl.matchesRuntimeSignature`, each operand `Type.IsAssignableRuntimeType`).
    /// Types are erased at run time, so a list or map operand is looked at only as far as its
    /// first item or entry, when the parameter names a type for it (`list(int)`); a type
    /// parameter or `dyn` takes any value.
    pub fn accepts(&self, args: &[Val]) -> bool {
        args.len() == self.params.len()
            && self
                .params
                .iter()
                .zip(args)
                .all(|(p, a)| runtime_assignable(p, a))
    }
}

/// cel-go's `Type.defaultIsAssignableRuntimeType`: the value's type name is the parameter's
/// (any, for `dyn` and a type parameter); for a list or map with items, the first item (the
/// first entry's key and value) is assignable to the parameter's element types in turn.
fn runtime_assignable(p: &Pat, v: &Val) -> bool {
    let dyn_ = |p: &Pat| matches!(p, Pat::Param(_) | Pat::Is(Ty::Dyn));
    match p {
        Pat::Param(_) | Pat::Is(Ty::Dyn) => true,
        Pat::Is(t) => v.type_name() == runtime_name(t),
        Pat::List(e) => match v {
            Val::List(l) => dyn_(e) || l.get(0).is_none_or(|first| runtime_assignable(e, &first)),
            _ => false,
        },
        Pat::Map(k, e) => match v {
            Val::Map(m) => {
                (dyn_(k) && dyn_(e))
                    || m.entries().iter().next().is_none_or(|(key, value)| {
                        runtime_assignable(k, &Val::from(key)) && runtime_assignable(e, value)
                    })
            }
            _ => false,
        },
        // Opaque and type kinds: the name alone.
        Pat::Optional(_) => matches!(v, Val::Optional(_)),
        Pat::TypeOf(_) => matches!(v, Val::Type(_)),
    }
}

/// The type name a value of `t` has at run time (cel-go's `Type.TypeName`).
fn runtime_name(t: &Ty) -> &'static str {
    match t {
        Ty::Int => "int",
        Ty::Uint => "uint",
        Ty::Double => "double",
        Ty::Str => "string",
        Ty::Bool => "bool",
        Ty::Bytes => "bytes",
        Ty::Null => "null_type",
        Ty::Duration => "google.protobuf.Duration",
        Ty::Timestamp => "google.protobuf.Timestamp",
        Ty::Opaque(name) => name,
        _ => unreachable!("the overload table names no {t:?} parameter"),
    }
}

/// The overloads of function `name` (global and member alike), in the order cel-go's function
/// declaration keeps them (its dynamic dispatch tries them in that order).
pub fn of(name: &str) -> &'static [Overload] {
    table().get(name).map_or(&[], Vec::as_slice)
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
/// With the type, the overload's id when it is the only one that takes the arguments: cel-go's
/// checker then records that one id for the call (its `OverloadIDs`), which the runtime cost
/// of some functions depends on (see [`crate::cel::interp`]).
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
        if o.member != member || !o.in_env(env) {
            continue;
        }
        // cel-go instantiates every overload of the call's style that has type parameters,
        // whatever its arity, each parameter a fresh variable (`resolveOverload`).
        let vars: Vec<Ty> = (0..o.type_params()).map(|_| m.fresh()).collect();
        if o.params.len() != args.len() {
            continue;
        }
        let params: Vec<Ty> = o.params.iter().map(|p| instantiate(p, &vars)).collect();
        if !m.assignable_list(args, &params) {
            continue;
        }
        fitting += 1;
        only = Some(o.id);
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
fn instantiate(p: &Pat, vars: &[Ty]) -> Ty {
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

/// Every function of the table with its overloads (of any environment).
#[cfg(test)]
pub fn all() -> impl Iterator<Item = (&'static str, &'static [Overload])> {
    table().iter().map(|(name, os)| (*name, os.as_slice()))
}

/// Whether `id` is the id of an overload of the table (of any environment).
#[cfg(test)]
pub fn is_id(id: &str) -> bool {
    table().values().flatten().any(|o| o.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every overload has an id of its own: cel-go's checker records one id for a call, and
    /// the runtime cost is keyed by it. (cel-go gives one id to several functions only for
    /// `@in` and its deprecated spellings `_in_` and `in`, which the table does not declare.)
    #[test]
    fn ids_are_distinct() {
        let mut seen: HashMap<&str, &str> = HashMap::new();
        for (name, os) in table() {
            for o in os {
                assert!(
                    !o.id.is_empty() && !o.id.contains(' '),
                    "{name}: id {:?}",
                    o.id
                );
                if let Some(other) = seen.insert(o.id, name) {
                    panic!("{name} and {other} share the id {}", o.id);
                }
            }
        }
        assert_eq!(seen.len(), table().values().map(Vec::len).sum::<usize>());
    }

    /// What the checker records for a call: the id of the one overload that takes its
    /// arguments, none when several do (a `dyn` operand).
    #[test]
    fn resolved_ids() {
        let list = |t: Ty| Ty::List(Box::new(t));
        let cases: [(&str, bool, Vec<Ty>, Option<&str>); 11] = [
            ("_+_", false, vec![Ty::Str, Ty::Str], Some("add_string")),
            ("_+_", false, vec![Ty::Dyn, Ty::Dyn], None),
            (
                "_<_",
                false,
                vec![Ty::Int, Ty::Double],
                Some("less_int64_double"),
            ),
            ("@in", false, vec![Ty::Int, list(Ty::Int)], Some("in_list")),
            ("size", true, vec![Ty::Str], Some("string_size")),
            ("duration", false, vec![Ty::Int], Some("int64_to_duration")),
            ("duration", false, vec![Ty::Dyn], None),
            ("size", false, vec![Ty::Str], Some("size_string")),
            (
                "sum",
                true,
                vec![list(Ty::Uint)],
                Some("list_uint_sum_uint"),
            ),
            (
                "sort",
                true,
                vec![list(Ty::Duration)],
                Some("list_google.protobuf.Duration_sort"),
            ),
            (
                "format.dns1123Label",
                false,
                vec![],
                Some("format.dns1123Label"),
            ),
        ];
        for (name, member, args, want) in cases {
            let mut m = Mapping::default();
            let got = resolve_with(name, member, &args, &mut m, &CelEnv::ALL);
            assert_eq!(got.map(|(_, id)| id), Some(want), "{name} {args:?}");
        }
    }

    /// The relations' ids are cel-go's constants (`overloads.LessInt64Double`…).
    #[test]
    fn relation_ids() {
        assert_eq!(relation_id("less", "int int"), "less_int64");
        assert_eq!(
            relation_id("less_equals", "uint double"),
            "less_equals_uint64_double"
        );
        assert_eq!(relation_id("greater", "double int"), "greater_double_int64");
        assert_eq!(
            relation_id("greater_equals", "string string"),
            "greater_equals_string"
        );
        for id in ["less_bytes", "greater_uint64_int64", "less_equals_duration"] {
            assert!(is_id(id), "{id}");
        }
    }
}
