"""
A Beacon relay on a stock Synapse: the two things Beacon's P2P transport needs of a homeserver beyond Matrix itself
(read from @airgap/beacon-transport-matrix and @ecadlabs/beacon-transport-matrix, P2PCommunicationClient):

1. Login by signature. A Beacon client logs in with `m.login.password` as user `<blake2b-256(public key), hex>` and
   password `ed:<signature hex>:<public key hex>`, the Ed25519 signature of blake2b-256("login:<window>") where the
   window is floor(timestamp / 300) and the timestamp is the one this relay's info route answered. This module checks
   that the key hashes to the user id and signed the current window (or the one before, for a login that straddles a
   window's end), and registers the user on its first login. No other login is possible (password_config disables the
   local password database).
2. `GET /_synapse/client/beacon/info`: `{ region, known_servers, timestamp }`, the SDK's probe of a node (it reads
   the three fields and logs in with `timestamp`, in seconds).

Enabled in homeserver.yaml (test/wallet/beacon-relay.ts writes one):

    modules:
      - module: beacon_relay.BeaconRelay
        config: { region: europe-west }
"""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey
from synapse.module_api import DirectServeJsonResource, ModuleApi

logger = logging.getLogger(__name__)

# Beacon's login window, in seconds (`login:${Math.floor(time / (5 * 60))}`).
WINDOW_SECONDS = 300


def _blake2b_256(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=32).digest()


def login_message(window: int) -> bytes:
    """What a Beacon client signs to log in during `window`: the blake2b-256 digest of `login:<window>`."""
    return _blake2b_256(f"login:{window}".encode())


def verify_login(localpart: str, password: str, now: float) -> bool:
    """Whether `password` is a Beacon login of `localpart` signed in the current login window or the one before."""
    parts = password.split(":")
    if len(parts) != 3 or parts[0] != "ed":
        return False
    try:
        signature = bytes.fromhex(parts[1])
        public_key = bytes.fromhex(parts[2])
    except ValueError:
        return False
    if len(public_key) != 32 or len(signature) != 64:
        return False
    # The user id is the key's hash: nobody can log in as another key's user.
    if _blake2b_256(public_key).hex() != localpart.lower():
        return False
    key = VerifyKey(public_key)
    window = int(now // WINDOW_SECONDS)
    for w in (window, window - 1):
        try:
            key.verify(login_message(w), signature)
            return True
        except BadSignatureError:
            continue
    return False


class _InfoResource(DirectServeJsonResource):
    def __init__(self, region: str, server_name: str):
        super().__init__()
        self._region = region
        self._server_name = server_name

    async def _async_render_GET(self, request: Any) -> tuple[int, dict[str, Any]]:
        # A single node: it knows only itself.
        return 200, {"region": self._region, "known_servers": [self._server_name], "timestamp": time.time()}


class BeaconRelay:
    def __init__(self, config: dict[str, Any], api: ModuleApi):
        self._api = api
        region = str(config.get("region", "europe-west"))
        api.register_password_auth_provider_callbacks(auth_checkers={("m.login.password", ("password",)): self._check_password})
        api.register_web_resource("/_synapse/client/beacon/info", _InfoResource(region, api.server_name))

    @staticmethod
    def parse_config(config: dict[str, Any]) -> dict[str, Any]:
        return config

    async def _check_password(self, username: str, login_type: str, login_dict: dict[str, Any]) -> tuple[str, None] | None:
        # `username` is a localpart or a full `@localpart:server` id.
        localpart = username[1:].split(":", 1)[0] if username.startswith("@") else username
        password = login_dict.get("password")
        if not isinstance(password, str) or not verify_login(localpart, password, time.time()):
            logger.info("refused a Beacon login for %s", localpart)
            return None
        user_id = self._api.get_qualified_user_id(localpart.lower())
        if not await self._api.check_user_exists(user_id):
            user_id = await self._api.register_user(localpart.lower())
        return user_id, None
