"""Who sent a message, as far as it can be proven: the From mailbox read from the raw header,
addresses compared as addresses, and the player's own server's ``Authentication-Results``.

Everything here reads untrusted text (docs/mail.md, "Threat model"). Each check gives a reason in
one line (:class:`SenderError`, or a text), never a traceback.
"""

from __future__ import annotations

import encodings.idna
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.headerregistry import AddressHeader
from email.policy import default as _default_policy
from pathlib import Path

from pbmkit.common.config import Table, read_toml
from pbmkit.mail.files import MailError

__all__ = ["AUTHSERV_ID", "AUTHSERV_ID_WORDS", "MAX_AUTH_RESULTS", "MAX_FROM", "ReadSettings",
           "SenderError", "address_key", "authentication", "domain_key", "from_mailbox",
           "load_read_settings", "same_address"]

MAX_FROM = 1000
"""The longest From value read (bytes, unfolded): the email package's address parser takes
about 70 µs a byte on hostile text, so a longer one is refused before it is parsed."""

MAX_AUTH_RESULTS = 4096
"""The longest Authentication-Results value of your server that is parsed (real ones take a few
hundred bytes; ``authres`` takes ~0.2 s on 16 KiB of hostile text)."""

_ENCODED_WORD = re.compile(r"=\?[^?\s]{0,75}\?[bBqQ]\?[^?\s]{0,1000}?\?=")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?")


class SenderError(MailError):
    """The From header does not name one sender that can be trusted to be read right."""


def _ascii_lower(text: str) -> str:
    """``text`` with A-Z folded to a-z and nothing else (``str.lower`` folds U+212A KELVIN SIGN
    to ``k``: a look-alike would pass for the real address)."""
    return text.translate(_ASCII_LOWER)


def domain_key(domain: str) -> str | None:
    """A domain as DNS reads it: labels in IDNA ASCII form (``xn--``) and lower case; None when
    it is no domain name, or a Unicode label is not in its normal form (IDNA's nameprep would
    drop or map a character of it other than an ASCII capital: ``example.net\u200b``,
    ``\u212aexample.net``, ``BÜCHER``; look-alikes are no address). An address literal
    ``[1.2.3.4]`` is kept as written."""
    text = domain.strip()
    if text.startswith("[") and text.endswith("]"):
        return text if text.isascii() and len(text) <= 255 else None
    text = text.rstrip(".")
    if not text or len(text) > 253:
        return None
    labels = []
    for label in text.split("."):
        if not label:
            return None
        if label.isascii():
            ascii_label = _ascii_lower(label)
        else:
            try:
                ascii_label = _ascii_lower(encodings.idna.ToASCII(label).decode("ascii"))
                back = encodings.idna.ToUnicode(ascii_label)
            except (UnicodeError, ValueError):
                return None
            if back != _ascii_lower(label):  # nameprep dropped or mapped something: a
                return None                  # zero-width space, a KELVIN SIGN: a look-alike
        if not _LABEL.fullmatch(ascii_label):
            return None
        labels.append(ascii_label)
    return ".".join(labels)


def address_key(address: str) -> str | None:
    """The form two addresses are compared in: the local part exactly as written, except that
    ASCII letters are folded to lower case (no other folding: ``\\u212aim`` is not ``kim``),
    and the domain as :func:`domain_key`. None for text that is no ``local@domain``."""
    local, at, domain = address.strip().rpartition("@")
    if not at or not local or len(local) > 256:
        return None
    if any(ch.isspace() or ord(ch) < 32 or ch == "\x7f" for ch in local) \
            and not (local.startswith('"') and local.endswith('"')):
        return None
    key = domain_key(domain)
    if key is None:
        return None
    return f"{_ascii_lower(local)}@{key}"


def same_address(one: str | None, other: str | None) -> bool:
    """Whether two addresses are the same mailbox (:func:`address_key`); text that is no address
    is the same as nothing."""
    if one is None or other is None:
        return False
    key = address_key(one)
    return key is not None and key == address_key(other)


_OBSOLETE_READ = frozenset({"period in 'phrase'", "obsolete route specification in angle-addr"})
"""The obsolete syntax of RFC 5322 section 4 that a receiver must accept and that leaves the one
address plain: a period in a display name (``Ann B. Lee <ann@example.org>``, as many clients and
Python's own ``email`` write it) and a source route before the address (``<@relay:ann@...>``,
the route ignored). Every other defect the parser notes is still refused."""


def from_mailbox(values: Sequence[str]) -> str:
    """The address of the one mailbox of the raw From ``values`` (every From header of the
    message, unfolded); :class:`SenderError` with the reason otherwise.

    Refused: no From or more than one; a From longer than :data:`MAX_FROM`; a group, no address
    or more than one; any defect the email package notes (an address it had to drop or mend),
    but the obsolete syntax of :data:`_OBSOLETE_READ`;
    an address that an encoded word (``=?utf-8?q?...?=``) wrote; a local part that is not ASCII
    (a Unicode domain is read, and compared in its IDNA form).
    """
    if not values:
        raise SenderError("no From header")
    if len(values) > 1:
        raise SenderError(f"{len(values)} From headers (a message has one)")
    raw = values[0]
    if len(raw.encode("utf-8", "surrogateescape")) > MAX_FROM:
        raise SenderError(f"a From header longer than {MAX_FROM} bytes")
    if any((ord(ch) < 32 and ch != "\t") or ch == "\x7f" for ch in raw):
        raise SenderError("control characters in From")
    try:
        header = _default_policy.header_factory("From", raw)
    except Exception as exc:  # the parser raises many kinds on hostile text
        raise SenderError(f"a From header that cannot be read ({type(exc).__name__})") from None
    assert isinstance(header, AddressHeader)
    defects = tuple(d for d in getattr(header, "defects", ()) if str(d) not in _OBSOLETE_READ)
    if any(not a.username.isascii() for a in header.addresses):
        raise SenderError("a From address whose local part is not ASCII (look-alike letters?)")
    if defects:
        raise SenderError(f"a malformed From ({str(defects[0])[:80]})")
    if len(header.groups) != 1 or header.groups[0].display_name is not None:
        raise SenderError("From is not one mailbox (a group or a list)")
    found = header.addresses
    if len(found) != 1:
        raise SenderError(f"From holds {len(found)} addresses, not one")
    address = found[0].addr_spec
    if not address.rpartition("@")[0].isascii():
        raise SenderError("a From address whose local part is not ASCII (look-alike letters?)")
    if address not in _ENCODED_WORD.sub(" ", raw):
        raise SenderError("a From address written in an encoded word or taken apart")
    if address_key(address) is None:
        raise SenderError(f"a From address that is no address ({address[:80]!r})")
    return address


# --- the player's own server's verdict (RFC 8601) --------------------------------------------

def _aligned(signer: str, sender_domain: str) -> bool:
    """Relaxed alignment, without a public-suffix list: the signing domain is the From domain
    or a parent of it with at least two labels (``example.net`` signs for ``mail.example.net``);
    a child (``sub.example.net`` for ``example.net``) is not: a subdomain may be someone else's."""
    if signer == sender_domain:
        return True
    return signer.count(".") >= 1 and sender_domain.endswith("." + signer)


def _props(result: object) -> dict[str, str]:
    out: dict[str, str] = {}
    for prop in getattr(result, "properties", None) or []:
        kind, name, value = (getattr(prop, k, None) for k in ("type", "name", "value"))
        if isinstance(kind, str) and isinstance(name, str) and isinstance(value, str):
            out.setdefault(f"{kind.lower()}.{name.lower()}", value)
    return out


def _results(value: str) -> list[tuple[str, str, dict[str, str]]] | None:
    """(method, result, properties) of an Authentication-Results value; None when ``authres``
    cannot read it."""
    import authres

    try:
        header = authres.AuthenticationResultsHeader.parse_value(value)
    except Exception:  # authres raises its own SyntaxError and others on hostile text
        return None
    out = []
    for result in getattr(header, "results", None) or []:
        method, verdict = getattr(result, "method", None), getattr(result, "result", None)
        if isinstance(method, str) and isinstance(verdict, str):
            out.append((method.lower(), verdict.lower(), _props(result)))
    return out


def _authserv(value: str) -> str:
    """The authserv-id a value starts with (its first word, before ``;`` or a version)."""
    head = value.lstrip().split(";", 1)[0].strip()
    return head.split(None, 1)[0] if head else ""


def authentication(values: Iterable[str], authserv_id: str, sender: str) -> str | None:
    """None when the topmost ``Authentication-Results`` header of ``authserv_id`` among
    ``values`` (the message's, top first) says ``dmarc=pass`` for the From domain, or
    ``dkim=pass`` by a domain aligned with it; else why not, in a few words. Headers of any other
    server are passed over (anyone can write them); only the topmost of this server counts (it is
    the one the server added; a server that does not stamp every message lets a sender write one
    below)."""
    sender_domain = domain_key(sender.rpartition("@")[2])
    if sender_domain is None:
        return "the From domain cannot be read"
    for value in values:
        if _authserv(value).lower() != authserv_id.lower():
            continue
        results = _results(value) if len(value) <= MAX_AUTH_RESULTS else None
        if results is None:
            return f"the Authentication-Results header of {authserv_id} cannot be read"
        for method, verdict, props in results:
            if method == "dmarc" and verdict == "pass":
                said = props.get("header.from")
                if said is None or domain_key(said) == sender_domain:
                    return None
        for method, verdict, props in results:
            if method == "dkim" and verdict == "pass":
                signer = props.get("header.d") or props.get("header.i", "").rpartition("@")[2]
                key = domain_key(signer) if signer else None
                if key is not None and _aligned(key, sender_domain):
                    return None
        said = ", ".join(f"{m}={v}" for m, v, _ in results if m in ("dmarc", "dkim", "spf"))
        return (f"{authserv_id} did not authenticate {sender_domain} ("
                f"{said or 'no dmarc or dkim result'})")
    return f"no Authentication-Results header of {authserv_id}"


# --- the reader's settings ([read] of mail.toml) ---------------------------------------------

@dataclass(frozen=True, slots=True)
class ReadSettings:
    """The ``[read]`` table of mail.toml (docs/mail.md)."""

    authserv_id: str | None = None
    """The authserv-id of your own receiving server's Authentication-Results headers
    (``mx.google.com``); when set, a move is applied only when that server authenticated the
    sender."""


_READ_KEYS = {"authserv_id"}
AUTHSERV_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9.\-_]{0,252}")
"""An authserv-id as mail.toml's ``[read]`` and club.toml write it: a server's name."""
AUTHSERV_ID_WORDS = 'a server name such as "mx.google.com"'
"""What :data:`AUTHSERV_ID` matches, in a setting's error message."""


def load_read_settings(path: Path) -> ReadSettings:
    """The ``[read]`` table of ``path``; the defaults when the file or the table is missing;
    :class:`MailError` with the reason for a table that is wrong."""
    doc = read_toml(path, MailError)
    table = None if doc is None else Table(doc, str(path), "", MailError).table("read", _READ_KEYS)
    value = None if table is None else table.text("authserv_id", pattern=AUTHSERV_ID,
                                                  what=AUTHSERV_ID_WORDS)
    return ReadSettings(authserv_id=value)
