// SPDX-License-Identifier: MIT
// A minimal ERC-20 for the chain tests and the bench (compiled by solc-js at test time):
// balances, transfer, and a batch transfer that makes many Transfer logs in one block.
// `setBlocked` makes transfers to an address revert (the reverted-withdrawal test).
pragma solidity ^0.8.20;

contract TestToken {
    uint8 public immutable decimals;
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public blocked;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(uint8 decimals_, uint256 supply) {
        decimals = decimals_;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        require(!blocked[to], "blocked");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function setBlocked(address who, bool value) external {
        blocked[who] = value;
    }

    function batchTransfer(address[] calldata to, uint256[] calldata value) external {
        require(to.length == value.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) transfer(to[i], value[i]);
    }
}
