//! Graphs laid out for speed, below every graph of the crate: the compressed adjacency (one
//! buffer of neighbours plus offsets) and the find of a union-find.

/// A vertex of a graph: an index from 0 (of the cycle graph, or of a graph file).
pub type Vertex = u32;

/// The compressed adjacency of `edges` on `vertex_count` vertices: each vertex's offset into
/// one buffer of `(neighbour, edge)` pairs, and that buffer.
pub(crate) fn compressed_adjacency(
    vertex_count: usize,
    edges: &[(Vertex, Vertex)],
) -> (Vec<u32>, Vec<(Vertex, u32)>) {
    let mut offsets = vec![0u32; vertex_count + 1];
    for &(a, b) in edges {
        offsets[a as usize + 1] += 1;
        offsets[b as usize + 1] += 1;
    }
    for vertex in 0..vertex_count {
        offsets[vertex + 1] += offsets[vertex];
    }
    let mut fill = offsets.clone();
    let mut adjacency = vec![(0, 0); edges.len() * 2];
    for (edge, &(a, b)) in edges.iter().enumerate() {
        adjacency[fill[a as usize] as usize] = (b, edge as u32);
        fill[a as usize] += 1;
        adjacency[fill[b as usize] as usize] = (a, edge as u32);
        fill[b as usize] += 1;
    }
    (offsets, adjacency)
}

/// The root of `item` in a forest of parent links (a root is its own parent), halving the path
/// on the way: the find of a union-find.
pub(crate) fn root_with_halving(parent: &mut [u32], mut item: u32) -> u32 {
    while parent[item as usize] != item {
        let grandparent = parent[parent[item as usize] as usize];
        parent[item as usize] = grandparent;
        item = grandparent;
    }
    item
}
