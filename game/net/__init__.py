"""Tables played across machines (docs/network-protocol.md): the protocol's messages, one table's host, the
asyncio WebSocket server that runs many tables, and the client the desktop app polls. No pygame here."""
