// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title FarcasterKeyRegistry (devnet stand-in)
/// @notice The part of Farcaster's KeyRegistry (OP mainnet 0x00000000fc1237824fb747abde0ff18990e59b7e)
/// that Sign In With Farcaster reads: `keyDataOf(uint256 fid, bytes key)` returning
/// `(KeyState state, uint32 keyType)`, and the public `keys` getter, with the same ABI as the real
/// contract. An auth address is key type 2 whose key is the address ABI-encoded to 32 bytes; the
/// Farcaster auth client accepts it when its state is ADDED (1). The devnet installs the runtime
/// code at that address with `anvil_setCode` and writes its keys straight into storage, so the
/// layout is relied on by `tools/devnet/src/installFarcasterRegistries.ts`: slot 0 `keys`, each
/// entry one word (`state` in the low byte, `keyType` in the next four). `add` and `remove` are
/// development shortcuts (the real ones go through the KeyGateway, check the fid's custody
/// signature and validate metadata): anyone may change any fid's keys. Never deploy this anywhere
/// real.
contract FarcasterKeyRegistry {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    /// @dev Same events as the real KeyRegistry.
    event Add(
        uint256 indexed fid,
        uint32 indexed keyType,
        bytes indexed key,
        bytes keyBytes,
        uint8 metadataType,
        bytes metadata
    );
    event Remove(uint256 indexed fid, bytes indexed key, bytes keyBytes);

    /// @dev Same errors as the real KeyRegistry.
    error InvalidState();

    /// @notice The state and type of each key of each fid.
    mapping(uint256 fid => mapping(bytes key => KeyData data)) public keys;

    /// @notice The state and type of `key` for `fid`; `(NULL, 0)` if it was never added.
    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }

    /// @notice Adds `key` of `keyType` to `fid` (development only).
    function add(uint256 fid, uint32 keyType, bytes calldata key) external {
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.NULL) revert InvalidState();
        data.state = KeyState.ADDED;
        data.keyType = keyType;
        emit Add(fid, keyType, key, key, 0, "");
    }

    /// @notice Marks an added `key` of `fid` as removed (development only).
    function remove(uint256 fid, bytes calldata key) external {
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.ADDED) revert InvalidState();
        data.state = KeyState.REMOVED;
        emit Remove(fid, key, key);
    }
}
