"""Signing in with a school's own accounts: OpenID Connect (docs/school-sign-in.md).

Teachers (and, where a provider's STUDENTS setting is on, students) sign in through
Taiwan's education single sign-on, Google Workspace for Education or Microsoft 365, each
configured by environment variables (tutor/oidc_providers.py); with none set nothing
changes.
An account is found by (issuer, subject): the provider's stable id, never an e-mail.
The protocol (state, nonce, PKCE, the token request, the ID token's signature) is
mozilla-django-oidc's (oidc.py); finding and making accounts is accounts.py.
Depends on people and lessons; nothing depends on it but the templates' buttons.
"""
