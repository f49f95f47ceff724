//! Graphs laid out for speed, below every graph of the crate: the compressed adjacency (one
//! buffer of neighbours plus offsets), the components under a filter of the edges, and the find
//! of a union-find.

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

/// Each vertex's component, numbered from 0 in the order of their least vertices, where
/// `joined(vertex)` gives the vertices one edge away whose edge counts (a graph's neighbours
/// over the edges a filter keeps, say). A depth-first search from every vertex not reached yet.
pub(crate) fn component_numbers<Joined>(
    vertex_count: usize,
    mut joined: impl FnMut(Vertex) -> Joined,
) -> Vec<u32>
where
    Joined: IntoIterator<Item = Vertex>,
{
    let mut component = vec![u32::MAX; vertex_count];
    let mut count = 0;
    let mut stack = Vec::new();
    for root in 0..vertex_count as Vertex {
        if component[root as usize] != u32::MAX {
            continue;
        }
        component[root as usize] = count;
        stack.push(root);
        while let Some(vertex) = stack.pop() {
            for next in joined(vertex) {
                if component[next as usize] == u32::MAX {
                    component[next as usize] = count;
                    stack.push(next);
                }
            }
        }
        count += 1;
    }
    component
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_follow_only_the_edges_kept_and_are_numbered_by_least_vertex() {
        // A path 0-1-2-3-4 and an edge 5-6; the edge 2-3 is not kept.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (5, 6)];
        let (offsets, adjacency) = compressed_adjacency(7, &edges);
        let component = component_numbers(7, |vertex| {
            let start = offsets[vertex as usize] as usize;
            let end = offsets[vertex as usize + 1] as usize;
            adjacency[start..end]
                .iter()
                .filter(|&&(_, edge)| edge != 2)
                .map(|&(next, _)| next)
        });
        assert_eq!(component, [0, 0, 0, 1, 1, 2, 2]);
        assert_eq!(component_numbers(3, |_| None), [0, 1, 2]);
    }
}
