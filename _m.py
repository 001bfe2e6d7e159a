import random, time
from cau_rules import new_game
from cau_rules.fishing.kernel import exact
from tests.kernel.exact_reference import positions, optimal_moves
s0 = new_game("cau-robat-40", 2, seed=0)
solver = exact.Solver(s0.rules, 2)
bad=0
for s in positions("cau-robat-40", 2, 20, seed=3, max_cards=8):
    f = solver.best(s, 100000); best, vals = optimal_moves(s)
    bad += (not f.solved) or vals[f.move] != best
print("bad", bad)
rng = random.Random(1)
s = new_game("cau-40", 2, seed=5)
for k in range(6):
    t=time.process_time(); f = solver.best(s, 500_000); print(sum(map(len,s.holdings)), f, "%.2f"%(time.process_time()-t))
    s = s.apply(f.move); s = s.apply(rng.choice(s.legal_moves()))
