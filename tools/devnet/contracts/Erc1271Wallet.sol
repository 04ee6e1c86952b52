// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title Erc1271Wallet
/// @notice The smallest contract wallet that signs: an owner key, ERC-1271 `isValidSignature`
/// (a signature is valid when the owner signed the hash) and `execute` for the owner. Tests use
/// it where a smart account's signature must be verified the way wallets and dapps do (viem's
/// `verifyMessage` calls `isValidSignature` for addresses with code). Not deployed by default.
contract Erc1271Wallet {
    error NotOwner(address caller);

    bytes4 private constant MAGIC_VALUE = 0x1626ba7e; // isValidSignature(bytes32,bytes)
    bytes4 private constant INVALID = 0xffffffff;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError failure,) = ECDSA.tryRecover(hash, signature);
        return failure == ECDSA.RecoverError.NoError && signer == owner ? MAGIC_VALUE : INVALID;
    }

    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        (bool ok, bytes memory answer) = to.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(answer, 32), mload(answer))
            }
        }
        return answer;
    }

    receive() external payable {}
}
