// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// An unsolicited "airdrop" collection that the devnet's data marks as spam, so the
/// modal's spam filtering has something to filter.
contract FreeClaimRewards is ERC721, Ownable {
    uint256 public totalSupply;

    constructor() ERC721("Free Claim Rewards", "CLAIM") {}

    /// Drops one token on each recipient, the way spam collections reach wallets.
    function airdrop(address[] calldata recipients) external onlyOwner {
        for (uint256 i = 0; i < recipients.length; i++) {
            _mint(recipients[i], ++totalSupply);
        }
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireMinted(tokenId);
        // The xmlns value is a namespace name that SVG images need to render; nothing fetches it.
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
            '<rect width="100" height="100" fill="#e8b400"/>',
            '<text x="50" y="56" font-size="14" text-anchor="middle">CLAIM NOW</text>',
            "</svg>"
        );
        string memory json = string.concat(
            '{"name":"You won a reward #', Strings.toString(tokenId),
            '","description":"Claim your free reward now.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
