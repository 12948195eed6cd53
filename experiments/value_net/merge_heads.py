"""Put a heads training run's heads into a policy model file, keeping its policy.

    python experiments/value_net/merge_heads.py runs/value-net/heads/policy-19-heads.pt \\
        src/igo/models/policy-19.pt

The heads file's trunk must be the policy file's (the heads were trained on it frozen):
the policy logits of both on random positions must be equal, or nothing is written. The
result keeps the policy file's meta and adds the heads' (``meta["heads"]``: their command,
data, steps, komi and the board sizes they learned on), and is written as float16.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("heads", type=Path)
    ap.add_argument("policy", type=Path)
    ap.add_argument("--out", type=Path, default=None, help="default: overwrite POLICY")
    args = ap.parse_args(argv)
    import torch

    from igo.nets.encode import N_PLANES
    from igo.nets.model_file import load_net, save_net

    old, old_meta = load_net(args.policy)
    new, new_meta = load_net(args.heads)
    if not new.config.has_heads:
        print(f"{args.heads}: no heads", file=sys.stderr)
        return 1
    x = (torch.rand(8, N_PLANES, 19, 19, generator=torch.Generator().manual_seed(1)) < 0.3)
    with torch.inference_mode():
        if not torch.equal(old(x.float()), new(x.float())):
            print(f"{args.heads}: its trunk is not {args.policy}'s", file=sys.stderr)
            return 1
    heads = dict(new_meta.get("heads", {}))
    heads.setdefault("sizes", [19])
    heads["command"] = new_meta.get("command")
    heads["data"] = new_meta.get("data")
    save_net(new, args.out or args.policy, {**old_meta, "heads": heads}, half=True)
    print(f"wrote {args.out or args.policy}: heads step {heads.get('step')}, "
          f"sizes {heads['sizes']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
