"""The review of a deal: which decisions cost points, by how much, and what was better (`analysis`), kept with
the match (`store`) and made beside the table in a process of its own (`job`, `worker`)."""
