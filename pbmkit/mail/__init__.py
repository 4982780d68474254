"""Moves by e-mail (docs/mail.md): compose a move's message, send it over SMTP, read replies.

A layer between the command line and render/notation: it may import :mod:`pbmkit.records`,
:mod:`pbmkit.render` and :mod:`pbmkit.games` (never a game by name), never :mod:`pbmkit.cli` or
click; nothing below it imports it (tests/test_layers.py). Only the standard library's
``email``, ``mailbox``, ``smtplib`` and ``tomllib`` are used.
"""

from pbmkit.mail.compose import (
    EMAIL_TAG_SUFFIX,
    MailError,
    compose_message,
    email_tag,
    mail_annotation,
    mail_ids,
    move_mails,
    move_subject,
)

__all__ = [
    "EMAIL_TAG_SUFFIX",
    "MailError",
    "compose_message",
    "email_tag",
    "mail_annotation",
    "mail_ids",
    "move_mails",
    "move_subject",
]
