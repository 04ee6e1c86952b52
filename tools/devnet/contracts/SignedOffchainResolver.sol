// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @notice The gateway's interface, as ENS's reference offchain resolver defines it: the gateway
/// is asked `resolve(name, data)` and answers `(result, expires, sig)`.
interface IResolverService {
    function resolve(bytes calldata name, bytes calldata data)
        external
        view
        returns (bytes memory result, uint64 expires, bytes memory sig);
}

/// @title SignedOffchainResolver
/// @notice An ENSIP-10 wildcard resolver whose records live off chain (EIP-3668 CCIP-read): set
/// as the resolver of a parent name (`foyer.eth`), it answers for every name below it by sending
/// the client to a gateway, then accepts the gateway's answer only when a trusted signer signed
/// it for this resolver, this request and this result, and it has not expired. Same protocol and
/// signature format as ENS's reference `OffchainResolver` (ens-offchain-resolver), whose npm
/// package cannot be installed here; the owner may change the gateway URLs and signers, so a
/// gateway can move without redeploying.
contract SignedOffchainResolver {
    /// EIP-3668: the client calls a gateway and then `callbackFunction(response, extraData)`.
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error SignatureExpired(uint64 expires);
    error UntrustedSigner(address signer);
    error NotOwner(address caller);

    event UrlsChanged(string[] urls);
    event SignerChanged(address indexed signer, bool trusted);

    bytes4 private constant EXTENDED_RESOLVER_INTERFACE = 0x9061b923; // resolve(bytes,bytes)
    bytes4 private constant ERC165_INTERFACE = 0x01ffc9a7;

    address public immutable owner;
    mapping(address => bool) public signers;
    string[] private gatewayUrls;

    constructor(string[] memory urls_, address[] memory signers_) {
        owner = msg.sender;
        gatewayUrls = urls_;
        emit UrlsChanged(urls_);
        for (uint256 i = 0; i < signers_.length; i++) {
            signers[signers_[i]] = true;
            emit SignerChanged(signers_[i], true);
        }
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    /// @notice The gateway URL templates (`{sender}` and `{data}` are filled in by the client).
    function urls() external view returns (string[] memory) {
        return gatewayUrls;
    }

    function setUrls(string[] memory urls_) external onlyOwner {
        gatewayUrls = urls_;
        emit UrlsChanged(urls_);
    }

    function setSigner(address signer, bool trusted) external onlyOwner {
        signers[signer] = trusted;
        emit SignerChanged(signer, trusted);
    }

    /// @notice ENSIP-10: always defers to the gateway. The request the gateway signs over is the
    /// same call (`resolve(name, data)`), so it travels as `extraData` to the callback.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeCall(IResolverService.resolve, (name, data));
        revert OffchainLookup(address(this), gatewayUrls, callData, this.resolveWithProof.selector, callData);
    }

    /// @notice EIP-3668 callback: the gateway's `(result, expires, sig)` for the request in
    /// `extraData`, checked against this resolver's trusted signers.
    function resolveWithProof(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory)
    {
        (bytes memory result, uint64 expires, bytes memory sig) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert SignatureExpired(expires);
        address signer = ECDSA.recover(makeSignatureHash(address(this), expires, extraData, result), sig);
        if (!signers[signer]) revert UntrustedSigner(signer);
        return result;
    }

    /// @notice What the gateway signs (EIP-191 version 0, "data with intended validator"): the
    /// resolver it answers for, the expiry, and the hashes of the request and of the result.
    function makeSignatureHash(address target, uint64 expires, bytes memory request, bytes memory result)
        public
        pure
        returns (bytes32)
    {
        return keccak256(abi.encodePacked(hex"1900", target, expires, keccak256(request), keccak256(result)));
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == EXTENDED_RESOLVER_INTERFACE || interfaceId == ERC165_INTERFACE;
    }
}
