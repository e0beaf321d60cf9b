//! The Kubernetes version a run answers as (`--kubernetes-version`, [`VERSION_ENV`], the
//! config's `kubernetesVersion:`; 1.36 by default), and **the one table of what differs by
//! version**: [`ROWS`], each row a change named after the Kubernetes feature gate, library or
//! change that brought it, with the minor version whose apiserver first answers so.
//!
//! The version is resolved once per run into [`Behaviours`] (plain booleans), which the stages
//! read: no stage compares version numbers. A run enters its behaviours on its thread with
//! [`enter`]; [`crate::jobs`] hands them to every thread that works for the run, so a stage
//! reads them with [`current`] (a thread-local copy: nothing is looked up per node).
//!
//! Only the minor counts: the answers are those of each minor's code as shipped at its latest
//! patch (`1.34.2` answers as 1.34.10 does: the checks, CEL libraries and messages these
//! differences are made of do not change within a minor).
//!
//! Adding a version: raise [`NEWEST`], add the rows of what it changed (the behaviour it
//! brought, as a [`Change`]) and its ground truth.

use std::cell::Cell;
use std::ffi::OsString;
use std::fmt;

/// The environment variable that sets the version (as `--kubernetes-version` does; the flag
/// wins, and it wins over the config).
pub const VERSION_ENV: &str = "CRD_SCHEMA_FN_KUBERNETES_VERSION";

/// The oldest minor answered.
pub const OLDEST: u8 = 32;
/// The newest minor answered, and the default.
pub const NEWEST: u8 = 36;

/// A Kubernetes minor version (1.`minor`), one of those answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KubeVersion(u8);

impl KubeVersion {
    /// The default version (the newest).
    pub const DEFAULT: KubeVersion = KubeVersion(NEWEST);

    /// The minor number (34 for 1.34).
    pub const fn minor(self) -> u8 {
        self.0
    }

    /// 1.`minor` when it is answered, else `None`.
    pub const fn of_minor(minor: u8) -> Option<KubeVersion> {
        if minor >= OLDEST && minor <= NEWEST {
            Some(KubeVersion(minor))
        } else {
            None
        }
    }

    /// Every version answered, oldest first.
    pub fn all() -> impl Iterator<Item = KubeVersion> {
        (OLDEST..=NEWEST).map(KubeVersion)
    }

    /// The version as written (`1.34`, `v1.34`, `1.34.2`: the patch is ignored), or why it is
    /// not one answered.
    pub fn parse(s: &str) -> Result<KubeVersion, VersionError> {
        let t = s.trim();
        let t = t.strip_prefix('v').unwrap_or(t);
        let mut parts = t.split('.');
        let number = |p: Option<&str>| {
            p.filter(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| p.parse::<u16>().ok())
        };
        let (major, minor, patch, rest) = (parts.next(), parts.next(), parts.next(), parts.next());
        let shape_ok = number(major).is_some()
            && number(minor).is_some()
            && (patch.is_none() || number(patch).is_some())
            && rest.is_none();
        if !shape_ok {
            return Err(VersionError::NotAVersion(s.to_string()));
        }
        let (major, minor) = (number(major), number(minor));
        match (major, minor.and_then(|m| u8::try_from(m).ok())) {
            (Some(1), Some(m)) if KubeVersion::of_minor(m).is_some() => Ok(KubeVersion(m)),
            _ => Err(VersionError::Unsupported(s.to_string())),
        }
    }

    /// The minor whose CEL environment new expressions are compiled in: the compatibility
    /// version, the binary's minor − 1 (k8s.io/apiserver `DefaultCompatibilityVersion`).
    pub const fn compatibility_minor(self) -> u8 {
        self.0 - 1
    }
}

impl Default for KubeVersion {
    fn default() -> Self {
        KubeVersion::DEFAULT
    }
}

impl fmt::Display for KubeVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1.{}", self.0)
    }
}

/// The supported range, for messages.
/// Why a text is no Kubernetes version answered; the text names the versions that are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VersionError {
    /// Not `1.MINOR` (or `v1.MINOR`, `1.MINOR.PATCH`): the text as written.
    #[error(
        "{0:?} is not a Kubernetes version: expected 1.MINOR (or v1.MINOR, 1.MINOR.PATCH), {supported}",
        supported = supported()
    )]
    NotAVersion(String),
    /// A version outside those answered, as written.
    #[error("Kubernetes version {0:?} is not supported: {supported}", supported = supported())]
    Unsupported(String),
    /// An environment value that is not UTF-8.
    #[error("{0:?} is not a Kubernetes version: {supported}", supported = supported())]
    NotUnicode(OsString),
}

/// A [`VersionError`] in [`VERSION_ENV`] (`CRD_SCHEMA_FN_KUBERNETES_VERSION: …`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {err}", VERSION_ENV)]
pub struct EnvError {
    pub err: VersionError,
}

fn supported() -> String {
    format!("the supported versions are 1.{OLDEST} to 1.{NEWEST}")
}

/// One behaviour that changed in some version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A CEL library or option entering the apiserver's CEL environment
    /// (k8s.io/apiserver `pkg/cel/environment/base.go`): available to stored expressions from
    /// that version, to new ones one version later (the compatibility version).
    CelEnv(CelLib),
    /// A CEL function the cel-go the version is built with first has (available to new and
    /// stored expressions alike from that version).
    CelGo(CelLib),
    /// The bad value of a rule that evaluated to false is the node's value (none for an
    /// object or array), no longer the schema type's name.
    FailedRuleValue,
    /// A label value longer than 63 is `must be no more than 63 bytes` (was `characters`).
    LabelValueBytes,
    /// Bad values other than strings and numbers are written as JSON (`["v1"]`, `null`,
    /// `{"Rule":…}`), no longer with Go's `%#v` (`[]string{"v1"}`, `"null"`,
    /// `apiextensions.ValidationRule{Rule:…}`).
    JsonBadValues,
    /// Causes whose detail repeated the field or the error type were reworded
    /// (`Required value: schemas are required` → `Required value`, `fieldPath must be a valid
    /// path` → `must be a valid path`, `at most 1 items` → `at most 1 item`, …).
    RewordedCauses,
    /// A version that was a storage version and is no longer in `spec.versions` gets the long
    /// message about storage migration (was `must appear in spec.versions`).
    StoredVersionMigrationMessage,
    /// `%e` in CEL's `format()` writes `×` without the narrow no-break spaces around it
    /// (golang.org/x/text's number formatting, v0.23).
    ExponentWithoutSpaces,
    /// kube-openapi's number validator is given the schema's type and format
    /// (`numberValidator`, kube-openapi 43fb72c): a value must fit `int32`/`float`
    /// (`Checked value must be of type integer with format int32`), an integer a bound must
    /// fit the type, and a bound that does not is compared as float64. Before, nothing was
    /// checked of the type and a bound was cast to the value's type; the apiserver also
    /// dropped every format of an integer or a number (`StripUnsupportedFormatsPostProcessor…`
    /// kept only the string formats).
    NumericRanges,
    /// The formats `k8s-short-name` and `k8s-long-name` are checked (introduced at
    /// compatibility version 1.34, the binary's minor − 1: checked from 1.35; before, dropped
    /// as unknown formats).
    K8sNameFormats,
    /// An int-or-string's `maxLength` bounds its estimated size (k8s.io/apiserver
    /// `pkg/cel/common/schemas.go`, `estimateMaxElementsFromMaxLength`); before, it was the
    /// largest string a request can hold whatever its `maxLength`.
    IntOrStringMaxLength,
    /// A CRD update may keep more than 8 selectable fields in a version that already had
    /// them (`findTooManySelectableFieldsAllowed`); before, the limit held on every update.
    SelectableFieldsRatcheting,
    /// A structural schema keeps `externalDocs` and `example` (`Generic`, apiextensions
    /// `schema/convert.go`): the root `metadata` may not set them. Before, they were dropped.
    StructuralKeepsDocs,
    /// cel-go v0.23's costs (`checker/cost.go`, `interpreter/runtimecost.go`). The estimator
    /// tracks a comprehension's variables (`coster.localVars`: the accumulator has the path and
    /// size of its initial value, `cel.bind`'s and `optMap`'s variable included) and the entry
    /// sizes of built lists and maps (an iteration variable over one, an index into one), sizes
    /// `dyn(x)` as `x` (`maybeUnwrapDynCall`) and an optional of a scalar as a scalar
    /// (`isScalar`); the runtime sizes an optional as its value (`actualSize`). Before (v0.22,
    /// 1.32): an accumulator's path was its own name, which the apiserver's size estimator
    /// reads from the rule's node (it skips a path's first element), `__result__` had none, no
    /// variable had a size of its own, no list or map had entry sizes (an index into a literal
    /// read `@items` from the rule's node), every comprehension had its range's size, `dyn(x)`
    /// and optionals had none, and an optional's runtime size was 1.
    CostsV023,
    /// cel-go v0.26's `lastIndexOf` of a string longer than its receiver is -1 without a
    /// search (ext `strings.go`, 845f2a8e). Before, the search started at the receiver's last
    /// character: on an empty receiver at -1, `index out of range: -1`.
    LastIndexOfEmpty,
    /// cel-go v0.23's `unescapeChar` refuses a `\u`/`\U` escape of no valid code point
    /// (`utf8.ValidRune`): a surrogate or past U+10FFFF is `invalid unicode code point`.
    /// Before, a surrogate was U+FFFD and past U+10FFFF was `unable to unescape string`.
    ValidRuneEscapes,
    /// cel-go v0.23 no longer reads an error's text as a format string (98789f34:
    /// `types.NewErrFromString`, `ReportErrorAtID(…, "%s", msg)`). Before, Go's `Sprintf` read
    /// each `%` in a syntax error, a time zone's error and a `format()` error as a verb
    /// (`%!d(MISSING)`).
    VerbatimErrorTexts,
    /// cel-go v0.23's grammar reads a backtick-quoted name (`ESC_IDENTIFIER`, CEL.g4's
    /// `escapeIdent`) where a field is selected or named, which the parser then refuses
    /// (`unsupported syntax: '`'`, the apiserver not enabling the escape syntax), and every
    /// expected token set that names `IDENTIFIER` there names `ESC_IDENTIFIER` too. Before
    /// (v0.22), a backtick outside a literal is a character the lexer refuses
    /// (`token recognition error at: '`'`, skipped), and no set names `ESC_IDENTIFIER`.
    EscapedNames,
    /// cel-go v0.23's parser names a macro's accumulator `@result` (`HiddenAccumulatorName`,
    /// on by default) and refuses an iteration variable named `__result__`
    /// (`iteration variable overwrites accumulator variable`). Before (v0.22), the accumulator
    /// was `__result__`: a rule may name it inside a macro, and an iteration variable of that
    /// name hides it.
    HiddenAccumulator,
}

/// A set of CEL declarations gated by version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CelLib {
    /// `ext.TwoVarComprehensions`: `all`/`exists`/`existsOne` with two variables,
    /// `transformList`, `transformMap`, `transformMapEntry`.
    TwoVarComprehensions,
    /// `library.SemverLib` version 1: `semver()`, `isSemver()` and the methods on it.
    Semver,
    /// `ext.Lists` version 3: `slice`, `flatten`, `distinct`, `reverse`, `sort`, `sortBy`,
    /// `lists.range`.
    ListsV3,
    /// The optional library's version 2 in cel-go (v0.23, `cel/library.go`'s
    /// `lib.version >= 2`): `first()` and `last()` on lists, `optional.unwrap()` and
    /// `unwrapOpt()` (cel-go v0.22 has none of them).
    OptionalV2,
    /// The standard macro `existsOne(x, p)`, `exists_one`'s other spelling (cel-go v0.23's
    /// `parser.ExistsOneMacroNew`; cel-go v0.22 has `exists_one` only, and `existsOne` only
    /// with three arguments, from `ext.TwoVarComprehensions`).
    ExistsOneMacro,
}

/// A row of the table: a change, named after what brought it, and the minor version from which
/// the apiserver answers so.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub name: &'static str,
    pub since: u8,
    pub change: Change,
}

/// Every behaviour that differs between 1.32 and 1.36, with the version that brought it.
pub const ROWS: &[Row] = &[
    Row {
        name: "CEL environment: ext.TwoVarComprehensions (base.go, introduced 1.32)",
        since: 32,
        change: Change::CelEnv(CelLib::TwoVarComprehensions),
    },
    Row {
        name: "cel-go v0.23 optional library version 2: first(), last(), optional.unwrap(), unwrapOpt() (Kubernetes 1.33)",
        since: 33,
        change: Change::CelGo(CelLib::OptionalV2),
    },
    Row {
        name: "cel-go v0.23 standard macro existsOne(x, p) (Kubernetes 1.33)",
        since: 33,
        change: Change::CelGo(CelLib::ExistsOneMacro),
    },
    Row {
        name: "cel-go v0.23 costs: comprehension variables, built entries, dyn() and optionals sized (Kubernetes 1.33)",
        since: 33,
        change: Change::CostsV023,
    },
    Row {
        name: "cel-go v0.23 string escapes: a surrogate or a code point past U+10FFFF is an invalid unicode code point (Kubernetes 1.33)",
        since: 33,
        change: Change::ValidRuneEscapes,
    },
    Row {
        name: "cel-go v0.23 error texts verbatim: a % in a syntax error, time zone error or format() error kept (Kubernetes 1.33)",
        since: 33,
        change: Change::VerbatimErrorTexts,
    },
    Row {
        name: "cel-go v0.23 grammar: backtick-quoted names lexed (ESC_IDENTIFIER), refused by the parser (Kubernetes 1.33)",
        since: 33,
        change: Change::EscapedNames,
    },
    Row {
        name: "cel-go v0.23 hidden accumulator: macros accumulate in @result, __result__ no longer a name (Kubernetes 1.33)",
        since: 33,
        change: Change::HiddenAccumulator,
    },
    Row {
        name: "CEL environment: library.SemverLib version 1 (base.go, introduced 1.33)",
        since: 33,
        change: Change::CelEnv(CelLib::Semver),
    },
    Row {
        name: "cel-go v0.26 lastIndexOf: a substring longer than its receiver is not found (Kubernetes 1.34)",
        since: 34,
        change: Change::LastIndexOfEmpty,
    },
    Row {
        name: "CEL environment: ext.Lists version 3 (base.go, introduced 1.34)",
        since: 34,
        change: Change::CelEnv(CelLib::ListsV3),
    },
    Row {
        name: "CEL validation errors report the field's value, not its schema type (apiextensions 1.35)",
        since: 35,
        change: Change::FailedRuleValue,
    },
    Row {
        name: "label value length counted in bytes in messages (apimachinery IsValidLabelValue 1.35)",
        since: 35,
        change: Change::LabelValueBytes,
    },
    Row {
        name: "storedVersions: the migration message for a removed storage version (apiextensions 1.33)",
        since: 33,
        change: Change::StoredVersionMigrationMessage,
    },
    Row {
        name: "golang.org/x/text v0.23: %e in CEL format() without narrow no-break spaces (Kubernetes 1.33)",
        since: 33,
        change: Change::ExponentWithoutSpaces,
    },
    Row {
        name: "field.Error bad values marshalled as JSON (apimachinery 1.34)",
        since: 34,
        change: Change::JsonBadValues,
    },
    Row {
        name: "field error details no longer repeat the field or error type (apiextensions, apimachinery 1.34)",
        since: 34,
        change: Change::RewordedCauses,
    },
    Row {
        name: "CEL: an int-or-string's maxLength bounds its estimated size (apiserver schemas.go 1.34)",
        since: 34,
        change: Change::IntOrStringMaxLength,
    },
    Row {
        name: "formats k8s-short-name and k8s-long-name (apiextensions formats.go, introduced at compatibility 1.34)",
        since: 35,
        change: Change::K8sNameFormats,
    },
    Row {
        name: "CRD update: unchanged selectable fields over the limit ratcheted (apiextensions 1.35)",
        since: 35,
        change: Change::SelectableFieldsRatcheting,
    },
    Row {
        name: "kube-openapi numberValidator given type and format: int32/float ranges, bounds fitting the type (Kubernetes 1.36)",
        since: 36,
        change: Change::NumericRanges,
    },
    Row {
        name: "structural schemas keep externalDocs and example: forbidden in the root metadata (apiextensions 1.36)",
        since: 36,
        change: Change::StructuralKeepsDocs,
    },
];

/// Which version-gated CEL declarations an environment has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CelEnv {
    pub two_var_comprehensions: bool,
    pub semver: bool,
    pub lists_v3: bool,
    pub optional_v2: bool,
    pub exists_one_macro: bool,
}

/// The default environment: 1.36's, everything ([`CelEnv::ALL`]).
impl Default for CelEnv {
    fn default() -> CelEnv {
        CelEnv::ALL
    }
}

impl CelEnv {
    /// Everything: the environment of 1.36 (and the default).
    pub const ALL: CelEnv = CelEnv {
        two_var_comprehensions: true,
        semver: true,
        lists_v3: true,
        optional_v2: true,
        exists_one_macro: true,
    };

    /// Whether `lib` is declared.
    pub const fn has(&self, lib: CelLib) -> bool {
        match lib {
            CelLib::TwoVarComprehensions => self.two_var_comprehensions,
            CelLib::Semver => self.semver,
            CelLib::ListsV3 => self.lists_v3,
            CelLib::OptionalV2 => self.optional_v2,
            CelLib::ExistsOneMacro => self.exists_one_macro,
        }
    }

    const fn set(&mut self, lib: CelLib, on: bool) {
        match lib {
            CelLib::TwoVarComprehensions => self.two_var_comprehensions = on,
            CelLib::Semver => self.semver = on,
            CelLib::ListsV3 => self.lists_v3 = on,
            CelLib::OptionalV2 => self.optional_v2 = on,
            CelLib::ExistsOneMacro => self.exists_one_macro = on,
        }
    }
}

/// What a run's version does, read by the stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Behaviours {
    pub version: KubeVersion,
    /// The CEL environment of new expressions (CRD create, a rule changed on update): the
    /// compatibility version's.
    pub cel_new: CelEnv,
    /// The CEL environment of stored expressions (a rule unchanged on update): everything the
    /// binary knows.
    pub cel_stored: CelEnv,
    /// See [`Change::FailedRuleValue`].
    pub failed_rule_value: bool,
    /// See [`Change::LabelValueBytes`].
    pub label_value_bytes: bool,
    /// See [`Change::JsonBadValues`].
    pub json_bad_values: bool,
    /// See [`Change::RewordedCauses`].
    pub reworded_causes: bool,
    /// See [`Change::StoredVersionMigrationMessage`].
    pub stored_version_migration_message: bool,
    /// See [`Change::ExponentWithoutSpaces`].
    pub exponent_without_spaces: bool,
    /// See [`Change::NumericRanges`].
    pub numeric_ranges: bool,
    /// See [`Change::K8sNameFormats`].
    pub k8s_name_formats: bool,
    /// See [`Change::IntOrStringMaxLength`].
    pub int_or_string_max_length: bool,
    /// See [`Change::SelectableFieldsRatcheting`].
    pub selectable_fields_ratcheting: bool,
    /// See [`Change::StructuralKeepsDocs`].
    pub structural_keeps_docs: bool,
    /// See [`Change::CostsV023`].
    pub costs_v023: bool,
    /// See [`Change::LastIndexOfEmpty`].
    pub last_index_of_empty: bool,
    /// See [`Change::ValidRuneEscapes`].
    pub valid_rune_escapes: bool,
    /// See [`Change::VerbatimErrorTexts`].
    pub verbatim_error_texts: bool,
    /// See [`Change::EscapedNames`].
    pub escaped_names: bool,
    /// See [`Change::HiddenAccumulator`].
    pub hidden_accumulator: bool,
}

impl Behaviours {
    /// `new` when the causes are reworded ([`Change::RewordedCauses`]), else `old`.
    pub fn wording<'a>(&self, new: &'a str, old: &'a str) -> &'a str {
        match self.reworded_causes {
            true => new,
            false => old,
        }
    }
}

impl Behaviours {
    /// The behaviours of 1.36.
    pub const DEFAULT: Behaviours = Behaviours::of(KubeVersion::DEFAULT);

    /// The behaviours of `v`, from [`ROWS`].
    pub const fn of(v: KubeVersion) -> Behaviours {
        let mut b = Behaviours {
            version: v,
            cel_new: CelEnv::ALL,
            cel_stored: CelEnv::ALL,
            failed_rule_value: true,
            label_value_bytes: true,
            json_bad_values: true,
            reworded_causes: true,
            stored_version_migration_message: true,
            exponent_without_spaces: true,
            numeric_ranges: true,
            k8s_name_formats: true,
            int_or_string_max_length: true,
            selectable_fields_ratcheting: true,
            structural_keeps_docs: true,
            costs_v023: true,
            last_index_of_empty: true,
            valid_rune_escapes: true,
            verbatim_error_texts: true,
            escaped_names: true,
            hidden_accumulator: true,
        };
        let mut i = 0;
        while i < ROWS.len() {
            let row = ROWS[i];
            let here = v.0 >= row.since;
            match row.change {
                Change::CelEnv(lib) => {
                    b.cel_stored.set(lib, here);
                    b.cel_new.set(lib, v.compatibility_minor() >= row.since);
                }
                Change::CelGo(lib) => {
                    b.cel_stored.set(lib, here);
                    b.cel_new.set(lib, here);
                }
                Change::FailedRuleValue => b.failed_rule_value = here,
                Change::LabelValueBytes => b.label_value_bytes = here,
                Change::JsonBadValues => b.json_bad_values = here,
                Change::RewordedCauses => b.reworded_causes = here,
                Change::StoredVersionMigrationMessage => b.stored_version_migration_message = here,
                Change::ExponentWithoutSpaces => b.exponent_without_spaces = here,
                Change::NumericRanges => b.numeric_ranges = here,
                Change::K8sNameFormats => b.k8s_name_formats = here,
                Change::IntOrStringMaxLength => b.int_or_string_max_length = here,
                Change::SelectableFieldsRatcheting => b.selectable_fields_ratcheting = here,
                Change::StructuralKeepsDocs => b.structural_keeps_docs = here,
                Change::CostsV023 => b.costs_v023 = here,
                Change::LastIndexOfEmpty => b.last_index_of_empty = here,
                Change::ValidRuneEscapes => b.valid_rune_escapes = here,
                Change::VerbatimErrorTexts => b.verbatim_error_texts = here,
                Change::EscapedNames => b.escaped_names = here,
                Change::HiddenAccumulator => b.hidden_accumulator = here,
            }
            i += 1;
        }
        b
    }
}

impl Default for Behaviours {
    fn default() -> Self {
        Behaviours::DEFAULT
    }
}

thread_local! {
    static CURRENT: Cell<Behaviours> = const { Cell::new(Behaviours::DEFAULT) };
}

/// The behaviours of the run this thread works for (1.36's outside a run).
pub fn current() -> Behaviours {
    CURRENT.with(Cell::get)
}

/// Makes `b` this thread's behaviours until the guard is dropped (then the previous ones
/// again).
#[must_use = "the behaviours last as long as the guard"]
pub fn enter(b: Behaviours) -> Entered {
    Entered(CURRENT.with(|c| c.replace(b)))
}

/// The guard of [`enter`].
pub struct Entered(Behaviours);

impl Drop for Entered {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.0));
    }
}

/// The version [`VERSION_ENV`] sets (`None` when unset or empty), or why it cannot be used.
pub fn from_env() -> Result<Option<KubeVersion>, EnvError> {
    let err = match std::env::var(VERSION_ENV) {
        Err(std::env::VarError::NotPresent) => return Ok(None),
        Err(std::env::VarError::NotUnicode(v)) => VersionError::NotUnicode(v),
        Ok(v) if v.trim().is_empty() => return Ok(None),
        Ok(v) => match KubeVersion::parse(&v) {
            Ok(k) => return Ok(Some(k)),
            Err(e) => e,
        },
    };
    Err(EnvError { err })
}

#[cfg(test)]
mod tests;
