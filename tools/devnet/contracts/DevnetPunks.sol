// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title DevnetPunks ("Foyer Devnet Punks", FDP)
/// @notice A sample ERC-721 collection whose metadata and image are generated on chain as
/// data: URIs, so wallets can show it offline with no metadata server. Only the deployer may mint.
contract DevnetPunks is ERC721 {
    using Strings for uint256;

    error NotMinter(address caller);

    address public immutable minter;
    uint256 public totalSupply;

    constructor() ERC721("Foyer Devnet Punks", "FDP") {
        minter = msg.sender;
    }

    /// @notice Mints the next token id (starting at 1) to `to` and returns it.
    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        tokenId = ++totalSupply;
        _safeMint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory name = string.concat("Foyer Devnet Punk #", tokenId.toString());
        string memory json = string.concat(
            '{"name":"',
            name,
            '","description":"A sample NFT on the Foyer local devnet.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_svg(tokenId))),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    /// @dev A face whose colours derive from the token id: a background, a head, two eyes and a mouth.
    function _svg(uint256 tokenId) private pure returns (string memory) {
        bytes32 seed = keccak256(abi.encodePacked(tokenId));
        string memory background = _hue(uint8(seed[0]), 70, 85);
        string memory skin = _hue(uint8(seed[1]), 55, 65);
        string memory eyes = _hue(uint8(seed[2]), 80, 30);
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" shape-rendering="crispEdges">',
            '<rect width="24" height="24" fill="', background, '"/>',
            '<rect x="6" y="4" width="12" height="16" fill="', skin, '"/>',
            '<rect x="8" y="9" width="3" height="2" fill="', eyes, '"/>',
            '<rect x="13" y="9" width="3" height="2" fill="', eyes, '"/>',
            '<rect x="9" y="15" width="6" height="1" fill="#000"/>',
            string.concat('<text x="12" y="23" font-size="3" text-anchor="middle" fill="#000">#', tokenId.toString(), "</text></svg>")
        );
    }

    function _hue(uint8 byte_, uint256 saturation, uint256 lightness) private pure returns (string memory) {
        uint256 hue = (uint256(byte_) * 360) / 256;
        return string.concat(
            "hsl(", hue.toString(), ",", saturation.toString(), "%,", lightness.toString(), "%)"
        );
    }
}
