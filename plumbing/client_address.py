"""The address of the client a request came from, read through the proxies the site trusts.

Behind a proxy every request arrives from the proxy's address (REMOTE_ADDR), so limits
kept per address (people.limits.rate_limit) would cover every client at once. The proxy
writes the address it saw at the end of `X-Forwarded-For`; a client can write anything
before it. So the header is read from the right, and only while the hop that handed the
request on is one of TRUSTED_PROXIES (addresses or networks, settings.TRUSTED_PROXIES):
the first address not in that list is the client's. Without trusted proxies, or when
REMOTE_ADDR is not one of them, the header is ignored: anyone can send it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """`["127.0.0.1", "10.0.0.0/8"]` as networks; ValueError names a bad entry."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(
                f"{entry!r} is not an IP address or network (e.g. 127.0.0.1 or 10.0.0.0/8)"
            ) from None
    return tuple(networks)


def _is_trusted(value: str, trusted: Sequence[Network]) -> bool:
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return False
    return any(address in network for network in trusted)


def client_address(request: HttpRequest) -> str:
    """REMOTE_ADDR, or the last address in X-Forwarded-For that no trusted proxy wrote."""
    remote = request.META.get("REMOTE_ADDR", "")
    trusted = parse_networks(settings.TRUSTED_PROXIES)  # checked at start-up (settings)
    if not trusted or not _is_trusted(remote, trusted):
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    client = remote
    for hop in reversed(hops):
        if not _is_trusted(client, trusted):
            break
        try:
            client = str(ipaddress.ip_address(hop))
        except ValueError:
            break  # a hop no proxy of ours wrote: the last good one is the client
    return client
