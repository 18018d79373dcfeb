// The lesson page's cells as they first stand, in each language (only the comments differ).
// The loop is the lesson's A*; the slots are a maze, the 8-puzzle, the unsolvable board and
// the water jugs.

const LOOP = (c) => `import heapq

def astar(start, goal, neighbors, h, w=1):
    g = {start: 0}          # ${c.g_table}
    parent = {start: None}  # ${c.parent_table}
    waiting = [(w * h(start), 0, start)]  # ${c.waiting}
    expanded = pushed = 0
    while waiting:
        f, g_here, state = heapq.heappop(waiting)  # ${c.smallest}
        if g_here > g[state]:  # ${c.stale}
            continue
        expanded += 1
        if state == goal:
            path = [state]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded, pushed
        for nxt in neighbors(state):
            g_new = g_here + 1
            if nxt not in g or g_new < g[nxt]:  # ${c.cheaper}
                g[nxt] = g_new
                parent[nxt] = state
                heapq.heappush(waiting, (g_new + w * h(nxt), g_new, nxt))
                pushed += 1
    return None, expanded, pushed  # ${c.empty}
`;

const MAZE = (c) => `# ${c.slot1}
maze = [
    "S.....#.##.#",
    ".#.........#",
    "##..#.......",
    "#......#....",
    "...#.....#..",
    "..#...#..#.#",
    ".......##..G",
]
start = (0, 0)   # ${c.row_col}
goal = (6, 11)

# ${c.slot2_maze}
def neighbors(cell):
    r, c = cell
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < len(maze) and 0 <= nc < len(maze[nr]) and maze[nr][nc] != "#":
            out.append((nr, nc))
    return out

# ${c.slot3_maze}
def h(cell):
    return abs(cell[0] - goal[0]) + abs(cell[1] - goal[1])
`;

const PUZZLE = (c) => `# ${c.slot1}
start = (7, 2, 4,
         5, 0, 6,
         8, 3, 1)
goal = (1, 2, 3,
        4, 5, 6,
        7, 8, 0)

# ${c.slot2_puzzle}
def neighbors(board):
    blank = board.index(0)
    row, col = divmod(blank, 3)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < 3 and 0 <= c < 3:
            b = list(board)
            b[blank], b[r * 3 + c] = b[r * 3 + c], b[blank]
            out.append(tuple(b))
    return out

# ${c.slot3_puzzle}
def h1(board):  # ${c.h1}
    return sum(1 for i, p in enumerate(board) if p != 0 and p != goal[i])

def h2(board):  # ${c.h2}
    total = 0
    for i, p in enumerate(board):
        if p != 0:
            j = goal.index(p)
            total += abs(i // 3 - j // 3) + abs(i % 3 - j % 3)
    return total

def h3(board):  # ${c.h3}
    total = 0
    for i, p in enumerate(board):
        if p != 0:
            j = goal.index(p)
            total += (i // 3 != j // 3) + (i % 3 != j % 3)
    return total

h = h2
w = 1  # ${c.weight}
`;

const UNSOLVABLE = (c) => `# ${c.unsolvable}
start = (2, 8, 1,
         4, 6, 3,
         0, 7, 5)
`;

const OWN = (c) => `A, B = 4, 3  # ${c.jugs}
start = (0, 0)

def is_goal(state):  # ${c.is_goal}
    return 2 in state

def neighbors(state):
    a, b = state
    ab, ba = min(a, B - b), min(b, A - a)
    return [(A, b), (a, B), (0, b), (a, 0), (a - ab, b + ab), (a + ba, b - ba)]

def h(state):  # ${c.jugs_h}
    return 0 if is_goal(state) else 1
`;

const COMMENTS = {
  en: {
    g_table: "the g table: the cheapest way found to each state",
    parent_table: "the parent table: where that way came from",
    waiting: "the waiting room: (f, g, state), f = g + w*h",
    smallest: "the smallest f (then g, then state)",
    stale: "stale: a cheaper way came later; turn it away",
    cheaper: "new, or a cheaper way",
    empty: "the waiting room is empty: no way exists",
    slot1: "Slot 1: where the search starts and where it must arrive",
    row_col: "(row, column)",
    slot2_maze: "Slot 2: the cells one step away: down, up, right, left, never into a wall",
    slot3_maze: "Slot 3: the estimate h: the steps left if there were no walls",
    slot2_puzzle: "Slot 2: slide a piece into the blank (0): the blank moves down, up, right, left",
    slot3_puzzle: "Slot 3: three estimates (the page's menu chooses one)",
    h1: "h1: pieces not on their goal cell",
    h2: "h2: each piece's Manhattan distance to its goal cell, added up",
    h3: "h3: 1 for each piece in a wrong row, 1 for each in a wrong column",
    weight: "the weight: f = g + w*h (the page's box chooses it)",
    unsolvable: "Slot 1 again, with this board: the 8-puzzle's other two slots stay as above",
    jugs: "two jugs, of 4 and 3 litres, both empty; measure exactly 2 litres",
    is_goal: "many states will do: 2 litres in either jug",
    jugs_h: "never more than the steps left: 1 until we are there",
  },
  ko: {
    g_table: "g 표: 각 상태까지 찾은 가장 싼 비용",
    parent_table: "부모 표(parent): 그 길이 어디서 왔는지",
    waiting: "대기실: (f, g, 상태), f = g + w*h",
    smallest: "f가 가장 작은 것 (그다음 g, 그다음 상태)",
    stale: "낡은 항목: 더 싼 길이 나중에 왔으니 돌려보냄",
    cheaper: "처음이거나 더 싼 길",
    empty: "대기실이 비었음: 길이 없음",
    slot1: "슬롯 1: 어디서 시작해 어디에 도착해야 하는지",
    row_col: "(행, 열)",
    slot2_maze: "슬롯 2: 한 걸음에 갈 수 있는 칸: 아래, 위, 오른쪽, 왼쪽 (벽으로는 가지 않음)",
    slot3_maze: "슬롯 3: 어림 h: 벽이 없다면 남은 걸음 수",
    slot2_puzzle: "슬롯 2: 조각 하나를 빈칸(0)으로 밀기: 빈칸이 아래, 위, 오른쪽, 왼쪽으로 움직임",
    slot3_puzzle: "슬롯 3: 어림 셋 (페이지의 메뉴에서 하나를 고름)",
    h1: "h1: 제자리에 있지 않은 조각의 수",
    h2: "h2: 각 조각이 제자리까지 가는 맨해튼 거리의 합",
    h3: "h3: 행이 틀린 조각마다 1, 열이 틀린 조각마다 1",
    weight: "배율: f = g + w*h (페이지의 칸에서 고름)",
    unsolvable: "슬롯 1만 이 판으로 바꿈: 8-퍼즐의 다른 두 슬롯은 위의 것 그대로",
    jugs: "4리터와 3리터 물통 두 개, 둘 다 빈 채로 시작; 정확히 2리터 만들기",
    is_goal: "여러 상태가 목표: 어느 물통이든 2리터",
    jugs_h: "남은 걸음보다 크지 않음: 도착 전까지 1",
  },
};

function cells(c) {
  return { loop: LOOP(c), maze: MAZE(c), puzzle: PUZZLE(c), unsolvable: UNSOLVABLE(c), own: OWN(c) };
}

export const CELLS = { en: cells(COMMENTS.en), ko: cells(COMMENTS.ko) };
