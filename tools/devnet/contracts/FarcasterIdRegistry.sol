// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title FarcasterIdRegistry (devnet stand-in)
/// @notice The part of Farcaster's IdRegistry (OP mainnet 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b)
/// that Sign In With Farcaster reads: `idOf(address)` and `custodyOf(uint256)`, with the same ABI
/// as the real contract. The devnet installs its runtime code at that address with `anvil_setCode`
/// and writes its accounts straight into storage, so the layout below is relied on by
/// `tools/devnet/src/installFarcasterRegistries.ts`: slot 0 `idCounter`, slot 1 `idOf`, slot 2
/// `custodyOf`. `register` is a development shortcut (the real one goes through the IdGateway,
/// charges a storage rent and takes a recovery address): anyone may register any address that has
/// no fid yet. No transfers, recovery or signatures. Never deploy this anywhere real.
contract FarcasterIdRegistry {
    /// @dev Same event as the real IdRegistry.
    event Register(address indexed to, uint256 indexed id, address recovery);

    /// @dev Same error as the real IdRegistry: the custody address already owns an fid.
    error HasId();

    /// @notice The last fid issued (fids start at 1).
    uint256 public idCounter;

    /// @notice The fid a custody address owns; 0 if none.
    mapping(address owner => uint256 fid) public idOf;

    /// @notice The custody address of an fid; address(0) if unregistered.
    mapping(uint256 fid => address custody) public custodyOf;

    /// @notice Issues the next fid to `custody` (development only).
    function register(address custody) external returns (uint256 fid) {
        if (idOf[custody] != 0) revert HasId();
        fid = ++idCounter;
        idOf[custody] = fid;
        custodyOf[fid] = custody;
        emit Register(custody, fid, address(0));
    }
}
