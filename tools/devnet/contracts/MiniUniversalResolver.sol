// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IEnsRegistry {
    function resolver(bytes32 node) external view returns (address);
}

interface IExtendedResolver {
    function resolve(bytes memory name, bytes memory data) external view returns (bytes memory);
}

/// The batch gateway protocol of ENS's UniversalResolver: viem answers `query` itself for the URL
/// `x-batch-gateway:true` (the gateway list it passes by default), asking each resolver's own
/// gateway with that resolver as `sender`.
interface IBatchGateway {
    struct Request {
        address sender;
        string[] urls;
        bytes data;
    }

    function query(Request[] memory requests)
        external
        view
        returns (bool[] memory failures, bytes[] memory responses);
}

// The part of ENS's UniversalResolver that viem 2.x calls (`resolveWithGateways`,
// `reverseWithGateways`, `findResolver`), with the same ABI and custom errors, for a local
// devnet. The real contract ships only in the ens-contracts npm package, which the registry here
// lacks. Forward resolution follows an `OffchainLookup` of the resolver (EIP-3668) the way the
// real one does: through the batch gateway protocol, so the resolver's gateway is asked with the
// resolver as `sender` and signs for it. Differences: reverse resolution has no CCIP-read (an
// `OffchainLookup` there surfaces as `ResolverError`), a callback that asks for another lookup
// is refused, and there is no `default.reverse` fallback of ENSIP-19.
contract MiniUniversalResolver {
    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string ens);
    error EmptyAddress();
    error HttpError(uint16 status, string message);
    error InvalidBatchGatewayResponse();
    error ResolverError(bytes errorData);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverNotFound(bytes name);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

    bytes4 private constant EXTENDED_RESOLVER_INTERFACE = 0x9061b923;
    bytes4 private constant SUPPORTS_INTERFACE = 0x01ffc9a7;
    bytes4 private constant ADDR = 0x3b3b57de; // addr(bytes32)
    bytes4 private constant ADDR_COIN = 0xf1cb7e06; // addr(bytes32,uint256)
    bytes4 private constant NAME = 0x691f3431; // name(bytes32)
    uint256 private constant ETHEREUM_COIN_TYPE = 60;
    bytes4 private constant OFFCHAIN_LOOKUP = 0x556f1830;
    bytes4 private constant HTTP_ERROR = 0x01800152; // HttpError(uint16,string)

    IEnsRegistry public immutable registry;

    constructor(IEnsRegistry registry_) {
        registry = registry_;
    }

    /// @notice The resolver of a DNS-encoded name: its own, else the nearest parent's (ENSIP-10).
    /// @return resolver The resolver, or zero when no suffix has one.
    /// @return node The namehash of the whole name.
    /// @return offset Where, in `name`, the suffix the resolver was set for starts.
    function findResolver(bytes memory name)
        public
        view
        returns (address resolver, bytes32 node, uint256 offset)
    {
        (bytes32[] memory nodes, uint256[] memory offsets) = suffixNodes(name);
        node = nodes[0];
        for (uint256 i = 0; i < offsets.length; i++) {
            resolver = registry.resolver(nodes[i]);
            if (resolver != address(0)) return (resolver, node, offsets[i]);
        }
        return (address(0), node, 0);
    }

    /// @notice Calls `data` (e.g. `addr(node)`, `text(node, key)`) on the resolver of `name`. A
    /// resolver that answers with `OffchainLookup` is asked again through the batch gateway
    /// (`gateways`), and `resolveCallback` hands the gateway's answer to it.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata gateways)
        external
        view
        returns (bytes memory result, address resolver)
    {
        uint256 offset;
        (resolver,, offset) = findResolver(name);
        (bool ok, bytes memory answer, bool extended) = rawCallResolver(name, resolver, offset, data);
        if (!ok && extended && bytes4(answer) == OFFCHAIN_LOOKUP) {
            revertThroughBatchGateway(resolver, answer, gateways, bytes4(data));
        }
        result = checkAnswer(ok, answer, data);
    }

    /// @dev Re-raises a resolver's `OffchainLookup` as this contract's, through the batch gateway.
    function revertThroughBatchGateway(
        address resolver,
        bytes memory lookup,
        string[] calldata gateways,
        bytes4 selector
    ) private view {
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory extraData) =
            abi.decode(withoutSelector(lookup), (address, string[], bytes, bytes4, bytes));
        // EIP-3668: a lookup on behalf of another contract is not this resolver's to make.
        if (sender != resolver) revert ResolverError(lookup);
        IBatchGateway.Request[] memory requests = new IBatchGateway.Request[](1);
        requests[0] = IBatchGateway.Request(sender, urls, callData);
        revert OffchainLookup(
            address(this),
            gateways,
            abi.encodeCall(IBatchGateway.query, (requests)),
            this.resolveCallback.selector,
            abi.encode(resolver, callback, extraData, selector)
        );
    }

    /// @notice EIP-3668 callback of `resolveWithGateways`: the batch gateway's one answer, passed
    /// to the resolver's own callback (which checks it, e.g. the gateway's signature).
    function resolveCallback(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory result, address resolver)
    {
        (bool[] memory failures, bytes[] memory responses) = abi.decode(response, (bool[], bytes[]));
        if (failures.length != 1 || responses.length != 1) revert InvalidBatchGatewayResponse();
        bytes4 callback;
        bytes memory resolverExtraData;
        bytes4 selector;
        (resolver, callback, resolverExtraData, selector) = abi.decode(extraData, (address, bytes4, bytes, bytes4));
        if (failures[0]) {
            // The gateway failed: an HTTP status travels as is, anything else as the resolver's.
            bytes memory failure = responses[0];
            if (bytes4(failure) == HTTP_ERROR) {
                assembly {
                    revert(add(failure, 32), mload(failure))
                }
            }
            revert ResolverError(failure);
        }
        (bool ok, bytes memory answer) =
            resolver.staticcall(abi.encodeWithSelector(callback, responses[0], resolverExtraData));
        if (ok) answer = abi.decode(answer, (bytes));
        result = checkAnswer(ok, answer, abi.encodePacked(selector));
    }

    /// @notice The primary name of `lookupAddress`, checked against the name's own address.
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        if (lookupAddress.length == 0) revert EmptyAddress();
        bytes memory reverseName = reverseNameOf(lookupAddress, coinType);
        bytes32 reverseNode;
        uint256 reverseOffset;
        (reverseResolver, reverseNode, reverseOffset) = findResolver(reverseName);
        primary = abi.decode(
            callResolver(reverseName, reverseResolver, reverseOffset, abi.encodeWithSelector(NAME, reverseNode)),
            (string)
        );
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);

        bytes memory primaryAddress;
        (primaryAddress, resolver) = addressOf(primary, coinType);
        if (keccak256(primaryAddress) != keccak256(lookupAddress)) {
            revert ReverseAddressMismatch(primary, primaryAddress);
        }
    }

    /// @dev The address `name` resolves to for `coinType`, and the resolver that said so.
    function addressOf(string memory name, uint256 coinType)
        private
        view
        returns (bytes memory primaryAddress, address resolver)
    {
        bytes memory encoded = dnsEncode(name);
        (address found, bytes32 node, uint256 offset) = findResolver(encoded);
        bytes memory data = coinType == ETHEREUM_COIN_TYPE
            ? abi.encodeWithSelector(ADDR, node)
            : abi.encodeWithSelector(ADDR_COIN, node, coinType);
        bytes memory answer = callResolver(encoded, found, offset, data);
        primaryAddress = coinType == ETHEREUM_COIN_TYPE
            ? abi.encodePacked(abi.decode(answer, (address)))
            : abi.decode(answer, (bytes));
        resolver = found;
    }

    function callResolver(bytes memory name, address resolver, uint256 offset, bytes memory data)
        private
        view
        returns (bytes memory)
    {
        (bool ok, bytes memory answer,) = rawCallResolver(name, resolver, offset, data);
        return checkAnswer(ok, answer, data);
    }

    /// @dev Calls the resolver; `extended` tells whether it was asked through `resolve`.
    function rawCallResolver(bytes memory name, address resolver, uint256 offset, bytes memory data)
        private
        view
        returns (bool ok, bytes memory answer, bool extended)
    {
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        extended = supportsInterface(resolver, EXTENDED_RESOLVER_INTERFACE);
        if (extended) {
            (ok, answer) = resolver.staticcall(abi.encodeCall(IExtendedResolver.resolve, (name, data)));
            if (ok) answer = abi.decode(answer, (bytes));
        } else {
            // A parent's resolver answers for a subname only through `resolve` (ENSIP-10).
            if (offset != 0) revert ResolverNotFound(name);
            (ok, answer) = resolver.staticcall(data);
        }
    }

    function checkAnswer(bool ok, bytes memory answer, bytes memory data) private pure returns (bytes memory) {
        if (!ok) revert ResolverError(answer);
        if (answer.length == 0) revert UnsupportedResolverProfile(bytes4(data));
        return answer;
    }

    /// @dev `data` without its first 4 bytes (an error's or a call's selector).
    function withoutSelector(bytes memory data) private pure returns (bytes memory rest) {
        rest = new bytes(data.length - 4);
        for (uint256 i = 0; i < rest.length; i++) {
            rest[i] = data[i + 4];
        }
    }

    function supportsInterface(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory answer) =
            target.staticcall{gas: 30_000}(abi.encodeWithSelector(SUPPORTS_INTERFACE, interfaceId));
        return ok && answer.length >= 32 && abi.decode(answer, (uint256)) == 1;
    }

    /// @dev Namehashes of every suffix of a DNS-encoded name (`nodes[i]` starts at `offsets[i]`;
    /// the last node is the root's, zero).
    function suffixNodes(bytes memory name)
        private
        pure
        returns (bytes32[] memory nodes, uint256[] memory offsets)
    {
        uint256 count;
        uint256 position;
        for (;;) {
            if (position >= name.length) revert DNSDecodingFailed(name);
            uint256 length = uint8(name[position]);
            if (length == 0) break;
            position += length + 1;
            count++;
        }
        if (position != name.length - 1) revert DNSDecodingFailed(name);
        offsets = new uint256[](count);
        nodes = new bytes32[](count + 1);
        position = 0;
        for (uint256 i = 0; i < count; i++) {
            offsets[i] = position;
            position += uint8(name[position]) + 1;
        }
        for (uint256 i = count; i > 0; i--) {
            uint256 start = offsets[i - 1];
            uint256 length = uint8(name[start]);
            bytes32 labelHash;
            assembly {
                labelHash := keccak256(add(add(name, 0x21), start), length)
            }
            nodes[i - 1] = keccak256(abi.encodePacked(nodes[i], labelHash));
        }
    }

    /// @dev `vitalik.eth` → `\x07vitalik\x03eth\x00`.
    function dnsEncode(string memory name) private pure returns (bytes memory encoded) {
        bytes memory text = bytes(name);
        encoded = new bytes(text.length + 2);
        uint256 labelStart;
        for (uint256 i = 0; i <= text.length; i++) {
            if (i < text.length && text[i] != ".") continue;
            uint256 length = i - labelStart;
            if (length == 0 || length > 255) revert DNSEncodingFailed(name);
            encoded[labelStart] = bytes1(uint8(length));
            for (uint256 j = labelStart; j < i; j++) {
                encoded[j + 1] = text[j];
            }
            labelStart = i + 1;
        }
    }

    /// @dev ENSIP-19 reverse name: `{hex address}.addr.reverse` for Ethereum (coin type 60),
    /// `{hex address}.{hex coin type}.reverse` otherwise.
    function reverseNameOf(bytes calldata lookupAddress, uint256 coinType)
        private
        pure
        returns (bytes memory)
    {
        if (lookupAddress.length > 127) revert DNSEncodingFailed("");
        bytes memory namespace = coinType == ETHEREUM_COIN_TYPE ? bytes("addr") : hexWithoutZeros(coinType);
        return abi.encodePacked(
            uint8(lookupAddress.length * 2),
            lowerHex(lookupAddress),
            uint8(namespace.length),
            namespace,
            uint8(7),
            "reverse",
            uint8(0)
        );
    }

    bytes16 private constant HEX_DIGITS = "0123456789abcdef";

    function lowerHex(bytes calldata data) private pure returns (bytes memory text) {
        text = new bytes(data.length * 2);
        for (uint256 i = 0; i < data.length; i++) {
            text[2 * i] = HEX_DIGITS[uint8(data[i]) >> 4];
            text[2 * i + 1] = HEX_DIGITS[uint8(data[i]) & 0x0f];
        }
    }

    function hexWithoutZeros(uint256 value) private pure returns (bytes memory text) {
        uint256 digits = 1;
        for (uint256 rest = value >> 4; rest != 0; rest >>= 4) digits++;
        text = new bytes(digits);
        for (uint256 i = digits; i > 0; i--) {
            text[i - 1] = HEX_DIGITS[value & 0x0f];
            value >>= 4;
        }
    }
}
