//! A conversion webhook's `caBundle` as the apiserver checks it (`webhook.ValidateCABundle`, which
//! builds a TLS config with client-go's `transport.TLSConfigFor`): the bundle must hold at least
//! one certificate that Go's `x509.CertPool.AppendCertsFromPEM` takes, else
//! `unable to load root certificates: unable to parse bytes as PEM block`.
//!
//! Go's rule, as followed here: PEM blocks (`encoding/pem.Decode`) of type `CERTIFICATE` with no
//! headers, whose body is base64 that decodes to a certificate. Where Go parses the whole
//! X.509 structure (`x509.ParseCertificate`), this reads its DER outline only: a SEQUENCE that
//! spans the block, holding two SEQUENCEs (the signed part, the signature algorithm) and a
//! BIT STRING (the signature).

use serde_json::Value;

/// The detail of the field error for a bundle that loads no certificate.
pub(super) const UNLOADABLE: &str =
    "unable to load root certificates: unable to parse bytes as PEM block";

/// Whether the `caBundle` value (base64 in the CRD's JSON, as Go's `[]byte` is encoded) loads:
/// `None` when it is empty or not base64 at all (the CRD would not decode).
pub(super) fn loads(v: &Value) -> Option<bool> {
    let bytes = crate::yaml::read::decode::base64(v.as_str()?)?;
    (!bytes.is_empty()).then(|| any_certificate(&bytes))
}

/// `AppendCertsFromPEM`: whether any block is a certificate.
fn any_certificate(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let mut rest: &str = &text;
    while let Some(at) = rest.find("-----BEGIN ") {
        let after = &rest[at + "-----BEGIN ".len()..];
        let (line, body) = after.split_once('\n').unwrap_or((after, ""));
        rest = body;
        let Some(kind) = line.trim_end_matches('\r').strip_suffix("-----") else {
            continue;
        };
        let end = format!("-----END {kind}-----");
        let Some(stop) = body.find(&end) else {
            continue;
        };
        let inner = &body[..stop];
        rest = &body[stop + end.len()..];
        let headers = inner.lines().next().is_some_and(|l| l.contains(':'));
        if kind != "CERTIFICATE" || headers {
            continue;
        }
        let clean: String = inner.chars().filter(|c| !c.is_whitespace()).collect();
        if crate::yaml::read::decode::base64(&clean).is_some_and(|der| certificate_outline(&der)) {
            return true;
        }
    }
    false
}

/// One DER element at the start of `b`: its tag, contents and what follows.
fn element(b: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = b.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = match first {
        n if n < 0x80 => (usize::from(n), rest),
        0x81..=0x84 => {
            let k = usize::from(first & 0x7f);
            let (digits, rest) = (rest.get(..k)?, rest.get(k..)?);
            let len = digits
                .iter()
                .fold(0usize, |n, &d| (n << 8) | usize::from(d));
            (len, rest)
        }
        _ => return None,
    };
    Some((tag, rest.get(..len)?, rest.get(len..)?))
}

fn certificate_outline(der: &[u8]) -> bool {
    const SEQUENCE: u8 = 0x30;
    const BIT_STRING: u8 = 0x03;
    let Some((SEQUENCE, inner, [])) = element(der) else {
        return false;
    };
    let Some((SEQUENCE, _, rest)) = element(inner) else {
        return false;
    };
    let Some((SEQUENCE, _, rest)) = element(rest) else {
        return false;
    };
    matches!(element(rest), Some((BIT_STRING, _, [])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Standard base64 of `bytes`.
    fn b64(bytes: &[u8]) -> String {
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for c in bytes.chunks(3) {
            let n = c.iter().fold(0u32, |n, &b| (n << 8) | u32::from(b)) << (8 * (3 - c.len()));
            for i in 0..=c.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            }
            out.push_str(&"=="[..3 - c.len()]);
        }
        out
    }

    #[test]
    fn a_bundle_loads_when_a_block_is_a_certificate() {
        // A DER outline: SEQUENCE { SEQUENCE {}, SEQUENCE {}, BIT STRING {0} }.
        let der: [u8; 9] = [0x30, 0x07, 0x30, 0x00, 0x30, 0x00, 0x03, 0x01, 0x00];
        let body = b64(&der);
        let pem = |kind: &str, extra: &str| {
            format!("-----BEGIN {kind}-----\n{extra}{body}\n-----END {kind}-----\n")
        };
        // (the bundle's text, whether Go loads it) — ValidateCABundle's cases in
        // TestValidateCustomResourceDefinitionUpdate: a real certificate, `Cg==` ("\n").
        let cases = [
            (pem("CERTIFICATE", ""), Some(true)),
            (format!("junk\n{}", pem("CERTIFICATE", "")), Some(true)),
            (pem("PRIVATE KEY", ""), Some(false)),
            (
                pem("CERTIFICATE", "Proc-Type: 4,ENCRYPTED\n\n"),
                Some(false),
            ),
            ("\n".to_string(), Some(false)),
            (
                "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".into(),
                Some(false),
            ),
            (String::new(), None),
        ];
        for (text, want) in cases {
            assert_eq!(loads(&json!(b64(text.as_bytes()))), want, "{text:?}");
        }
        assert_eq!(loads(&json!("Cg==")), Some(false));
        assert_eq!(loads(&json!("not base64!")), None);
    }
}
