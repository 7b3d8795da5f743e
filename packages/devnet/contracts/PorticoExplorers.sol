// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// The devnet's "real" NFT collection. Metadata and image are built on chain as data URIs
/// so nothing the devnet serves points at a remote host.
contract PorticoExplorers is ERC721, Ownable {
    uint256 public totalSupply;

    constructor() ERC721("Portico Explorers", "PEXP") {}

    /// Ids start at 1 and follow mint order, so seeded ids are the same on every run.
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _mint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireMinted(tokenId);
        string memory id = Strings.toString(tokenId);
        // A hue per token keeps the gallery tiles distinguishable.
        string memory hue = Strings.toString((tokenId * 47) % 360);
        // The xmlns value is a namespace name that SVG images need to render; nothing fetches it.
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
            '<rect width="100" height="100" fill="hsl(', hue, ',70%,45%)"/>',
            '<text x="50" y="58" font-size="24" text-anchor="middle" fill="#fff">#', id, "</text>",
            "</svg>"
        );
        string memory json = string.concat(
            '{"name":"Portico Explorer #', id,
            '","description":"A Portico devnet explorer.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)),
            '","attributes":[{"trait_type":"Hue","value":', hue, "}]}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
