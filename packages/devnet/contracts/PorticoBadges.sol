// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// Multi-token badges. ERC-1155 defines no name or symbol; indexers read these two when
/// present, so the collection shows with a name.
contract PorticoBadges is ERC1155, Ownable {
    string public constant name = "Portico Badges";
    string public constant symbol = "PBDG";

    constructor() ERC1155("") {}

    function mint(address to, uint256 id, uint256 amount) external onlyOwner {
        _mint(to, id, amount, "");
    }

    /// A full data URI per id instead of the standard's "{id}" template, so clients need
    /// no substitution and no remote host.
    function uri(uint256 id) public pure override returns (string memory) {
        string memory json = string.concat(
            '{"name":"Portico Badge ', Strings.toString(id),
            '","description":"Awarded on the Portico devnet."}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
