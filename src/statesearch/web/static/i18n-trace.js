// The words of the step-through, the search tree and the side-by-side view, in English and
// Korean (i18n.js merges them).
export const TRACE_WORDS = {
  step_through: { en: "Step through", ko: "단계별로 보기" },
  side_by_side: { en: "Side by side", ko: "나란히 보기" },
  group_experiments: { en: "The lesson's experiments", ko: "수업의 실험" },
  exp_weights: { en: "w = 0, 1, 5", ko: "w = 0, 1, 5" },
  exp_offset: { en: "h + 3", ko: "h + 3" },
  exp_pushes: { en: "Push limit 20,000", ko: "넣는 횟수 한도 20,000" },
  exp_unsolvable: { en: "Unsolvable board", ko: "풀 수 없는 판" },
  experiments_hint: {
    en: "Each is one click, on the lesson's boards.",
    ko: "각 실험은 수업의 판들에서 클릭 한 번으로 실행됩니다.",
  },
  step_through_title: { en: "The search, step by step", ko: "탐색을 한 단계씩" },
  side_title: { en: "Side by side, in lockstep", ko: "나란히, 한 걸음씩 함께" },
  unsolvable_before: {
    en: "Unsolvable: the parity check proved it before any search.",
    ko: "풀 수 없음: 탐색하기 전에 홀짝 검사가 증명했습니다.",
  },
  exp_weights_title: {
    en: "The weight w: f = g + w·h with w = 0, 1 and 5",
    ko: "배율 w: w = 0, 1, 5일 때의 f = g + w·h",
  },
  exp_weights_note: {
    en: "w = 0 ignores h (uniform-cost search); w = 1 is A*; w = 5 trusts h five times over.",
    ko: "w = 0이면 어림을 보지 않습니다 (다익스트라의 순서). w = 1이 A*이고, w = 5는 어림을 다섯 배로 믿습니다.",
  },
  exp_weights_said: {
    en: (e0, e1, e5, moves, optimal) =>
      `w = 0 expanded ${e0.toLocaleString()}, w = 1 ${e1.toLocaleString()}, w = 5 only ${e5.toLocaleString()}. A larger w is greedier: fewer states, but the answer (here ${moves} moves) is ${optimal ? "still guaranteed shortest" : "no longer guaranteed shortest"}.`,
    ko: (e0, e1, e5, moves, optimal) =>
      `둘러본 상태: w = 0은 ${e0.toLocaleString()}개, w = 1은 ${e1.toLocaleString()}개, w = 5는 ${e5.toLocaleString()}개뿐입니다. w가 클수록 어림을 더 믿고 목표 쪽으로 서두릅니다: 둘러보는 상태는 줄지만, 찾은 길(여기서는 ${moves}번 이동)이 ${optimal ? "여전히 최소 이동이라고 보장됩니다" : "최소 이동이라는 보장은 없어집니다"}.`,
  },
  exp_pushes_title: {
    en: (n) => `A push limit of ${n.toLocaleString()}`,
    ko: (n) => `대기실에 넣는 횟수 한도 ${n.toLocaleString()}`,
  },
  exp_pushes_note: {
    en: (n) => `Each search may put at most ${n.toLocaleString()} entries into the waiting room.`,
    ko: (n) => `탐색마다 대기실에 최대 ${n.toLocaleString()}번까지만 넣을 수 있습니다.`,
  },
  exp_pushes_said: {
    en: (name, e) =>
      `Only ${name} runs into the limit, after ${e.toLocaleString()} expanded: a limit reached proves nothing. The searches with an estimate finish well inside it.`,
    ko: (name, e) =>
      `${name}만 한도에 걸렸습니다 (상태 ${e.toLocaleString()}개를 둘러본 뒤). 한도에서 멈춘 것은 아무것도 증명하지 않습니다. 어림을 쓰는 탐색은 한도 안에서 넉넉히 끝납니다.`,
  },
  exp_unsolvable_title: { en: "A board from the other half of the puzzle", ko: "퍼즐의 다른 절반에 속한 판" },
  exp_unsolvable_note: {
    en: "The parity check proves it unsolvable at once; here the search is made to run anyway.",
    ko: "홀짝 검사가 곧바로 풀 수 없음을 증명하지만, 여기서는 그래도 탐색을 돌립니다.",
  },
  exp_unsolvable_said: {
    en: (n) =>
      `A solution does not exist: all ${n.toLocaleString()} reachable states were expanded and none is the goal. An exhausted space is a proof; a limit would not be.`,
    ko: (n) =>
      `해가 없음: 닿을 수 있는 상태 ${n.toLocaleString()}개를 모두 둘러봤지만 목표는 없었습니다. 대기실이 빌 때까지 모두 살펴봤으니 이것은 증명입니다. 한도에서 멈췄다면 증명이 아닙니다: 찾지 못함은 없음이 아닙니다.`,
  },
  exp_longest_said: {
    en: (n) =>
      `IDA* keeps only its path, so it cannot run out of states; it proves the same by depth: after ${n.toLocaleString()} expansions, no solution within 31 moves, and no solvable 3x3 board needs more.`,
    ko: (n) =>
      `IDA*는 지금의 경로만 기억하므로 모든 상태를 살펴봤다고 말할 수 없습니다. 대신 깊이로 같은 것을 증명합니다: 상태를 ${n.toLocaleString()}번 둘러본 뒤 31번 이동 안에 해가 없고, 풀 수 있는 3x3 판은 그보다 많은 이동이 필요하지 않습니다.`,
  },
  step_start: { en: "« Start", ko: "« 처음" },
  step_back: { en: "◀ Back", ko: "◀ 뒤로" },
  step_forward: { en: "Step ▶", ko: "한 단계 ▶" },
  run: { en: "Run", ko: "실행" },
  step_end: { en: "End »", ko: "끝 »" },
  per_second: { en: (n) => `${n} steps/s`, ko: (n) => `초당 ${n}단계` },
  step_of: {
    en: (k, n) => `step ${k.toLocaleString()} of ${n.toLocaleString()}`,
    ko: (k, n) => `${n.toLocaleString()}단계 중 ${k.toLocaleString()}단계`,
  },
  steps_besides: {
    en: (bounds, stale) => ` (expansions, and ${[
      bounds ? `${bounds.toLocaleString()} new ${bounds === 1 ? "bound" : "bounds"}` : "",
      stale ? `${stale.toLocaleString()} stale ${stale === 1 ? "entry" : "entries"} turned away` : ""].filter(Boolean).join(" and ")})`,
    ko: (bounds, stale) => ` (둘러보기 외에 ${[
      bounds ? `새 한계 ${bounds.toLocaleString()}번` : "",
      stale ? `돌려보낸 낡은 항목 ${stale.toLocaleString()}개` : ""].filter(Boolean).join(", ")})`,
  },
  tree_title: { en: "Search tree", ko: "탐색 트리" },
  steps_recorded: {
    en: (n) => ` recorded (the search expanded ${n.toLocaleString()})`,
    ko: (n) => ` 기록됨 (탐색은 상태 ${n.toLocaleString()}개를 둘러봤습니다)`,
  },
  trace_recording_ends: {
    en: "The recording ends here: what happened to its successors is not in it.",
    ko: "기록이 여기서 끝납니다: 다음 상태들이 어떻게 되었는지는 담기지 않았습니다.",
  },
  trace_truncated: {
    en: (kept, total) =>
      `The trace holds the first ${kept.toLocaleString()} of ${total.toLocaleString()} events; the search went on past them (its counts are the whole search's).`,
    ko: (kept, total) =>
      `추적에는 이벤트 ${total.toLocaleString()}개 중 처음 ${kept.toLocaleString()}개만 담았습니다. 탐색은 그 뒤에도 계속되었고, 위의 수는 탐색 전체의 수입니다.`,
  },
  trace_start: {
    en: (formula) => `The start waits in the waiting room with ${formula}. Press Step to take it out.`,
    ko: (formula) => `출발 상태가 ${formula}로 대기실에서 기다립니다. '한 단계'를 눌러 꺼내 보세요.`,
  },
  trace_start_queue: {
    en: "The start waits in the waiting room, at depth 0. Press Step to take it out.",
    ko: "출발 상태가 깊이 0으로 대기실에서 기다립니다. '한 단계'를 눌러 꺼내 보세요.",
  },
  trace_start_path: {
    en: "A depth-first walk from the start, never past its bound. Press Step to begin.",
    ko: "출발 상태에서 깊이 우선으로, 한계를 넘지 않고 걸어갑니다. '한 단계'를 눌러 시작하세요.",
  },
  trace_no_events: {
    en: "No steps: the search ended before its first one (a precheck answered).",
    ko: "단계가 없습니다: 첫 단계 전에 탐색이 끝났습니다 (사전 검사가 답했습니다).",
  },
  trace_first_bound: {
    en: (b) => `IDA* starts with the bound f ≤ ${b} (h of the start): it goes depth first, never past the bound.`,
    ko: (b) => `IDA*는 한계 f ≤ ${b}(출발 상태의 h)로 시작합니다: 깊이 우선으로 가되 한계를 넘지 않습니다.`,
  },
  trace_new_bound: {
    en: (b) => `No goal within the bound: a new iteration from the start, with the bound ${b}, the smallest f that went over.`,
    ko: (b) => `한계 안에 목표가 없습니다: 한계를 넘은 f 중 가장 작은 ${b}을(를) 새 한계로 삼아 출발 상태부터 다시 반복합니다.`,
  },
  trace_stale: {
    en: (g, best) =>
      `Took out an entry with g = ${g}, but the g table already holds ${best}: a stale entry, turned away without expanding it.`,
    ko: (g, best) =>
      `g = ${g}인 항목을 꺼냈지만 g 표에는 이미 ${best}이(가) 있습니다: 낡은 항목이므로 둘러보지 않고 돌려보냅니다.`,
  },
  trace_enter: {
    en: (n, depth, formula) => `Expansion ${n}: entered a state at depth ${depth} (${formula}, within the bound).`,
    ko: (n, depth, formula) => `${n}번째로 둘러봄: 깊이 ${depth}의 상태에 들어갔습니다 (${formula}, 한계 안).`,
  },
  trace_take_oldest: {
    en: (n, depth) => `Expansion ${n}: took out the oldest entry, at depth ${depth}.`,
    ko: (n, depth) => `${n}번째로 둘러봄: 가장 먼저 들어온 항목(깊이 ${depth})을 꺼냈습니다.`,
  },
  trace_take_smallest: {
    en: (n, formula) => `Expansion ${n}: took out the entry with the smallest f (${formula}).`,
    ko: (n, formula) => `${n}번째로 둘러봄: f가 가장 작은 항목을 꺼냈습니다 (${formula}).`,
  },
  trace_take_layer: {
    en: (n, depth, formula) => `Expansion ${n}: the next state of the beam at depth ${depth} (${formula}).`,
    ko: (n, depth, formula) => `${n}번째로 둘러봄: 깊이 ${depth}의 빔에서 다음 상태 (${formula}).`,
  },
  trace_take_forward: {
    en: (n, formula) => `Expansion ${n}: from the start's side (→), the entry with the smallest max(f, 2g) (${formula}).`,
    ko: (n, formula) => `${n}번째로 둘러봄: 출발 쪽(→)에서 max(f, 2g)가 가장 작은 항목 (${formula}).`,
  },
  trace_take_backward: {
    en: (n, formula) => `Expansion ${n}: from the goal's side (←), the entry with the smallest max(f, 2g) (${formula}).`,
    ko: (n, formula) => `${n}번째로 둘러봄: 목표 쪽(←)에서 max(f, 2g)가 가장 작은 항목 (${formula}).`,
  },
  trace_dropped_beam: {
    en: (n) => `The layer is done: ${n} left out of the beam (past its width, lowest f kept), never to be expanded.`,
    ko: (n) => `이 층을 다 둘러봤습니다: ${n}개는 빔 너비를 넘어 버렸고(f가 작은 것만 남김) 둘러보지 않습니다.`,
  },
  trace_dropped_best: {
    en: (n) => `${n} taken out and left: f no less than the best solution's cost.`,
    ko: (n) => `${n}개는 꺼냈지만 버렸습니다: f가 지금까지 찾은 가장 좋은 해의 비용보다 작지 않습니다.`,
  },
  child_push: { en: (n) => `${n} new`, ko: (n) => `새 항목 ${n}개` },
  child_push_path: { en: (n) => `${n} to enter`, ko: (n) => `들어갈 상태 ${n}개` },
  child_improve: {
    en: (n) => `${n} by a cheaper path (the old entry goes stale)`,
    ko: (n) => `더 싼 경로 ${n}개 (예전 항목은 낡은 항목이 됨)`,
  },
  child_skip: { en: (n) => `${n} reached before`, ko: (n) => `이미 도달함 ${n}개` },
  child_skip_cost: {
    en: (n) => `${n} reached before at no greater cost`,
    ko: (n) => `이미 같거나 더 싼 비용으로 도달함 ${n}개`,
  },
  child_skip_path: { en: (n) => `${n} already on the path`, ko: (n) => `이미 경로 위에 있음 ${n}개` },
  child_cutoff: { en: (n) => `${n} over the bound`, ko: (n) => `한계를 넘음 ${n}개` },
  child_prune: {
    en: (n) => `${n} cannot beat the best solution so far`,
    ko: (n) => `지금까지의 최선을 이길 수 없음 ${n}개`,
  },
  child_cut: { en: (n) => `${n} too deep`, ko: (n) => `너무 깊음 ${n}개` },
  trace_children: { en: (list) => `Its successors: ${list}.`, ko: (list) => `다음 상태: ${list}.` },
  trace_no_children: { en: "It has no successors.", ko: "다음 상태가 없습니다." },
  trace_goal: {
    en: (n) => `It is the goal: walk the parent table back to the start (${n} moves).`,
    ko: (n) => `목표입니다: 부모 표를 따라 출발 상태까지 거슬러 올라갑니다 (${n}번 이동).`,
  },
  trace_goal_path: {
    en: (n) => `It is the goal: the current path is the answer (${n} moves).`,
    ko: (n) => `목표입니다: 지금의 경로가 답입니다 (${n}번 이동).`,
  },
  trace_goal_generated: {
    en: (n) =>
      `One of them is the goal (breadth-first search tests a state when it makes it): walk the parent table back (${n} moves).`,
    ko: (n) =>
      `그중 하나가 목표입니다 (너비 우선 탐색은 상태를 만들 때 검사합니다): 부모 표를 따라 거슬러 올라갑니다 (${n}번 이동).`,
  },
  room_title: { en: "Waiting room (priority queue)", ko: "대기실 (우선순위 큐)" },
  queue_title: { en: "Waiting room (first in, first out)", ko: "대기실 (먼저 온 순서대로)" },
  room_order: {
    en: "In the order it will be taken out: smallest f first, then smaller g, then the state.",
    ko: "꺼낼 순서대로: f가 작은 것 먼저, 같으면 g가 작은 것, 그다음은 상태 순서.",
  },
  room_order_deep: {
    en: "In the order it will be taken out: smallest f first, then larger g, then the newest.",
    ko: "꺼낼 순서대로: f가 작은 것 먼저, 같으면 g가 큰 것, 그다음은 나중에 들어온 것.",
  },
  room_order_fifo: {
    en: "In the order it will be taken out: smallest f first, then the first in.",
    ko: "꺼낼 순서대로: f가 작은 것 먼저, 같으면 먼저 들어온 것.",
  },
  room_order_lifo: {
    en: "In the order it will be taken out: smallest f first, then the last in.",
    ko: "꺼낼 순서대로: f가 작은 것 먼저, 같으면 나중에 들어온 것.",
  },
  queue_order: { en: "Taken out in the order they came: one depth at a time.", ko: "들어온 순서대로 꺼냅니다: 한 깊이씩." },
  room_size: {
    en: (n) => (n === 1 ? "1 entry waits." : `${n.toLocaleString()} entries wait.`),
    ko: (n) => `${n.toLocaleString()}개 항목이 기다립니다.`,
  },
  col_depth: { en: "depth", ko: "깊이" },
  col_state: { en: "state", ko: "상태" },
  col_parent: { en: "parent", ko: "부모" },
  col_move: { en: "move", ko: "이동" },
  col_start: { en: "(start)", ko: "(출발)" },
  mark_taken: { en: "taken out", ko: "꺼냄" },
  mark_turned_away: { en: "stale: turned away", ko: "낡은 항목: 돌려보냄" },
  mark_stale: { en: "stale: will be turned away", ko: "낡은 항목: 돌려보낼 예정" },
  mark_new: { en: "new", ko: "새 항목" },
  mark_cheaper: { en: "cheaper path", ko: "더 싼 경로" },
  g_title: { en: "g table", ko: "g 표" },
  g_note: {
    en: "The cheapest cost found so far to each state; the latest first.",
    ko: "상태마다 지금까지 찾은 가장 싼 비용; 최근 것이 위에 있습니다.",
  },
  parent_title: { en: "Parent table", ko: "부모 표" },
  parent_note: {
    en: "Where each state was reached from on that path; the latest first.",
    ko: "각 상태가 그 경로에서 어느 상태로부터 왔는지; 최근 것이 위에 있습니다.",
  },
  letters_blank: {
    en: "Move: the way the blank went (U up, D down, L left, R right).",
    ko: "이동: 빈칸이 간 방향 (U 위, D 아래, L 왼쪽, R 오른쪽).",
  },
  letters_maze: {
    en: "Move: U up, D down, L left, R right; DR down and right (a jump: its legs in turn).",
    ko: "이동: U 위, D 아래, L 왼쪽, R 오른쪽; DR 오른쪽 아래 (점프는 그 구간들을 차례로).",
  },
  path_title: { en: "Current path", ko: "지금의 경로" },
  path_note: {
    en: "Depth first: only the path from the start is kept in memory.",
    ko: "깊이 우선: 출발 상태부터의 경로만 기억합니다.",
  },
  bounds_title: { en: "Bounds, one per iteration", ko: "반복마다의 한계" },
  incumbents_title: { en: "Solutions found", ko: "찾은 해" },
  bound_line: {
    en: (b, e, over) => `bound ${b}: ${e} expanded; smallest f over it: ${over}`,
    ko: (b, e, over) => `한계 ${b}: ${e}개 둘러봄; 한계를 넘은 가장 작은 f: ${over}`,
  },
  bound_goal: {
    en: (b, e) => `bound ${b}: ${e} expanded; the goal lies within it`,
    ko: (b, e) => `한계 ${b}: ${e}개 둘러봄; 목표가 이 한계 안에 있습니다`,
  },
  layer_line: {
    en: (d, n) => `depth ${d}: ${n.toLocaleString()} ${n === 1 ? "state" : "states"}`,
    ko: (d, n) => `깊이 ${d}: 상태 ${n.toLocaleString()}개`,
  },
  incumbent_line: {
    en: (cost) => `a solution of cost ${cost}: from now on only cheaper ones count`,
    ko: (cost) => `비용 ${cost}인 해: 이제부터는 더 싼 해만 셉니다`,
  },
  more_rows: { en: (n) => `… and ${n.toLocaleString()} more`, ko: (n) => `… 외 ${n.toLocaleString()}개` },
  zoom_fit: { en: "Fit", ko: "맞춤" },
  whole_tree: { en: "whole tree", ko: "트리 전체" },
  tree_folded: {
    en: (shown, total) =>
      `${shown} of ${total.toLocaleString()} nodes drawn: the branches of the entry taken out, of the next in line and of the final path; “+n” marks a folded branch.`,
    ko: (shown, total) =>
      `노드 ${total.toLocaleString()}개 중 ${shown}개를 그렸습니다: 꺼낸 항목, 다음 차례 항목들, 최종 경로의 가지입니다. “+n”은 접힌 가지입니다.`,
  },
  tree_folded_path: {
    en: (shown, total) =>
      `${shown} of ${total.toLocaleString()} nodes drawn: the branches of the current path and of the path found; “+n” marks a folded branch.`,
    ko: (shown, total) =>
      `노드 ${total.toLocaleString()}개 중 ${shown}개를 그렸습니다: 지금의 경로와 찾은 경로의 가지입니다. “+n”은 접힌 가지입니다.`,
  },
  tree_iteration: {
    en: (k, bound) => `Iteration ${k}, bound ${bound}: each new iteration draws the tree again from the start.`,
    ko: (k, bound) => `${k}번째 반복, 한계 ${bound}: 새 반복마다 출발 상태부터 트리를 다시 그립니다.`,
  },
  tree_expansion: { en: (n) => `expansion ${n}`, ko: (n) => `${n}번째로 둘러봄` },
  status_waiting: { en: "waiting", ko: "대기 중" },
  status_expanded: { en: "expanded", ko: "둘러봄" },
  status_stale: { en: "stale, turned away", ko: "낡은 항목, 돌려보냄" },
  status_goal: { en: "goal", ko: "목표" },
  status_dropped: { en: "dropped, never expanded", ko: "버림, 둘러보지 않음" },
  status_prune: { en: "cannot beat the best", ko: "최선을 이길 수 없음" },
  legend_current: { en: "taken out now", ko: "방금 꺼냄" },
  path_current: { en: "entered now: the end of the path", ko: "방금 들어감: 경로의 끝" },
  path_expanded: { en: "on the current path", ko: "지금의 경로 위" },
  path_done: { en: "entered, then walked back from", ko: "들어갔다가 되돌아 나옴" },
  path_waiting: { en: "still to enter", ko: "아직 들어가지 않음" },
  path_cutoff: { en: "over the bound: not entered", ko: "한계를 넘음: 들어가지 않음" },
  board_changed: {
    en: "No trace is shown for the board as it is now: press Step through to search it.",
    ko: "지금 판의 추적은 아직 없습니다: '단계별로 보기'를 눌러 탐색하세요.",
  },
  widget_said: {
    en: (verdict, n) => `${verdict} ${n.toLocaleString()} states expanded.`,
    ko: (verdict, n) => `${verdict} 둘러본 상태 ${n.toLocaleString()}개.`,
  },
  legend_waiting: { en: "waiting (in the waiting room)", ko: "대기 중 (대기실에 있음)" },
  maze_show: { en: "In the cells", ko: "칸에 표시" },
  show_nothing: { en: "nothing", ko: "표시 안 함" },
  show_step: { en: "expansion number", ko: "둘러본 순서" },
  show_parent: { en: "arrow to the parent", ko: "부모 쪽 화살표" },
  cell_unreached: { en: "not reached yet", ko: "아직 도달하지 않음" },
  cell_from: { en: (cell) => `from ${cell}`, ko: (cell) => `${cell}에서 옴` },
  side_expanded: {
    en: (n) => `expanded: ${n.toLocaleString()}`,
    ko: (n) => `둘러본 상태: ${n.toLocaleString()}개`,
  },
  side_found: {
    en: (n, len) => `Goal taken out at expansion ${n.toLocaleString()} (${len} moves).`,
    ko: (n, len) => `${n.toLocaleString()}번째로 둘러볼 때 목표를 꺼냈습니다 (${len}번 이동).`,
  },
  side_stopped: {
    en: (n) => `Stopped after ${n.toLocaleString()} expansions, without the goal.`,
    ko: (n) => `목표 없이 상태 ${n.toLocaleString()}개를 둘러본 뒤 멈췄습니다.`,
  },
  side_taken: { en: "Taken out last:", ko: "마지막으로 꺼낸 항목:" },
  side_next: {
    en: (n) => `Next in line (${n.toLocaleString()} waiting):`,
    ko: (n) => `다음 차례 (${n.toLocaleString()}개 대기 중):`,
  },
  side_differ: {
    en: (j) => `The two searches first take out different states at expansion ${j}.`,
    ko: (j) => `두 탐색은 ${j}번째로 둘러볼 때 처음으로 다른 상태를 꺼냅니다.`,
  },
  side_same_all: {
    en: (n) => `The same ${n.toLocaleString()} states taken out in the same order.`,
    ko: (n) => `같은 상태 ${n.toLocaleString()}개를 같은 순서로 꺼냈습니다.`,
  },
  side_same_so_far: {
    en: (n) => `The same states taken out so far: ${n.toLocaleString()}.`,
    ko: (n) => `지금까지 같은 상태를 꺼냈습니다: ${n.toLocaleString()}개.`,
  },
  side_search: { en: "Search both", ko: "둘 다 탐색" },
  side_weight: { en: "w", ko: "w" },
  side_offset: { en: "h +", ko: "h +" },
  side_left: { en: "Left", ko: "왼쪽" },
  side_right: { en: "Right", ko: "오른쪽" },
};
