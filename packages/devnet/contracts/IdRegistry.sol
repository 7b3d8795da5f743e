// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The part of Farcaster's IdRegistry (OP mainnet 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b)
/// that Sign In With Farcaster reads, with the same function names, signatures and events:
/// idOf, custodyOf, recoveryOf, idCounter, idGateway, register (gateway only), Register and
/// Transfer. The real registry is registered into through its IdGateway contract; here the
/// deployer is the gateway, which is how the devnet seeds its fids. Transfers, recovery and
/// the EIP-712 signed paths are left out: nothing here reads them.
contract IdRegistry {
    /// The address that may register fids (the real one: the IdGateway contract).
    address public immutable idGateway;
    /// The last fid handed out; fids start at 1.
    uint256 public idCounter;

    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
    mapping(uint256 => address) public recoveryOf;

    event Register(address indexed to, uint256 indexed id, address recovery);
    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    error Unauthorized();
    error HasId();

    constructor(address gateway) {
        idGateway = gateway;
    }

    function register(address to, address recovery) external returns (uint256 fid) {
        if (msg.sender != idGateway) revert Unauthorized();
        if (idOf[to] != 0) revert HasId();
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        recoveryOf[fid] = recovery;
        emit Register(to, fid, recovery);
        emit Transfer(address(0), to, fid);
    }
}
