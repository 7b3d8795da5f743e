// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// An 18-decimals ERC-20 with a Uniswap V2 price, for balances, sends and swaps.
contract PorticoToken is ERC20, Ownable {
    constructor() ERC20("Portico Token", "PRTC") {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
