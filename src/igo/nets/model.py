"""The policy network: a residual CNN over the planes of :mod:`igo.nets.encode`.

``blocks`` residual blocks of two 3x3 convolutions with ``channels`` filters (batch
norm, ReLU), as in AlphaGo Zero's tower; a policy head of a 1x1 convolution to 32
channels and a 1x1 convolution to one logit a point, and one logit for passing read
from the tower's mean over the board. Fully convolutional: one net serves 9x9, 13x13
and 19x19. Illegal points are masked out of the softmax (:func:`masked_logits`), so
the probabilities are over the legal moves and pass, as the Bradley-Terry model's.

A net with heads (``value_channels > 0``; issue 63) also judges the position, as
KataGo's does, all from the view of the player to move: a **value** (the logit of the
probability that the player to move wins, at the komi of its training games), a
**score** (the player to move's final margin, komi included, in points) and an
**ownership** map (each point's final owner, tanh: +1 the player to move). The heads
read the tower (its output, or the output of its first ``blocks - value_skip`` blocks)
through ``value_blocks`` residual blocks of their own (so that a trunk trained for moves
can stay frozen while they learn; with ``value_skip`` blocks skipped, the heads' blocks
can start as copies of the tower's last ones), then a 1x1 convolution to
``value_channels``; the ownership is a 1x1 convolution of those, the value and score
a small fully connected layer over their mean and maximum over the board and the
mean scaled by the board's width (KataGo's global pooling): any board size.

This module imports PyTorch: import it only where a net is used.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import torch
from torch import nn

from igo.nets.encode import N_PLANES

#: Logit given to illegal moves (its softmax weight is 0 in float32).
MASKED = -1.0e4


@dataclass(frozen=True)
class NetConfig:
    """Shape of a policy network."""

    blocks: int = 6
    channels: int = 64
    planes: int = N_PLANES
    head_channels: int = 32
    value_blocks: int = 0
    value_channels: int = 0
    value_hidden: int = 64
    value_skip: int = 0

    def __post_init__(self) -> None:
        if self.blocks < 1 or self.channels < 1 or self.head_channels < 1:
            raise ValueError(f"bad network shape {self}")
        if self.value_blocks < 0 or self.value_channels < 0 or self.value_hidden < 1 \
                or not 0 <= self.value_skip < self.blocks:
            raise ValueError(f"bad network shape {self}")

    @property
    def has_heads(self) -> bool:
        """True if the net has value, score and ownership heads."""
        return self.value_channels > 0

    def as_dict(self) -> dict[str, int]:
        """The configuration as stored in a model file."""
        return asdict(self)

    @property
    def name(self) -> str:
        """``b6c64``: blocks and channels."""
        return f"b{self.blocks}c{self.channels}"


class _Block(nn.Module):
    def __init__(self, ch: int) -> None:
        super().__init__()
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(ch)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(ch)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.b1(self.c1(x)))
        y = self.b2(self.c2(y))
        return torch.relu(x + y)


#: Scale of the score head's output: it predicts ``score / SCORE_SCALE``.
SCORE_SCALE = 20.0


class PolicyNet(nn.Module):
    """Logits ``(B, size*size + 1)`` (the last one: pass) of input planes
    ``(B, planes, size, size)``; :meth:`judge` adds the heads' outputs."""

    def __init__(self, config: NetConfig) -> None:
        super().__init__()
        self.config = config
        ch = config.channels
        self.stem = nn.Sequential(nn.Conv2d(config.planes, ch, 3, padding=1, bias=False),
                                  nn.BatchNorm2d(ch), nn.ReLU())
        self.tower = nn.Sequential(*[_Block(ch) for _ in range(config.blocks)])
        hc = config.head_channels
        self.head = nn.Sequential(nn.Conv2d(ch, hc, 1, bias=False), nn.BatchNorm2d(hc),
                                  nn.ReLU(), nn.Conv2d(hc, 1, 1))
        self.pass_logit = nn.Linear(ch, 1)
        if config.has_heads:
            vc = config.value_channels
            self.value_tower = nn.Sequential(*[_Block(ch) for _ in range(config.value_blocks)])
            self.value_conv = nn.Sequential(nn.Conv2d(ch, vc, 1, bias=False),
                                            nn.BatchNorm2d(vc), nn.ReLU())
            self.ownership = nn.Conv2d(vc, 1, 1)
            self.value_fc = nn.Sequential(nn.Linear(3 * vc, config.value_hidden), nn.ReLU(),
                                          nn.Linear(config.value_hidden, 2))

    def trunk(self, x: torch.Tensor) -> torch.Tensor:
        """The tower's output ``(B, channels, size, size)``."""
        return self.tower(self.stem(x))

    def branch(self, x: torch.Tensor) -> torch.Tensor:
        """What the heads read: the output of the tower's first ``blocks - value_skip``
        blocks."""
        h = self.stem(x)
        for block in list(self.tower)[: self.config.blocks - self.config.value_skip]:
            h = block(h)
        return h

    def policy(self, t: torch.Tensor) -> torch.Tensor:
        """Move logits of the tower's output ``t``."""
        board = self.head(t).flatten(1)
        passing = self.pass_logit(t.mean(dim=(2, 3)))
        return torch.cat([board, passing], dim=1)

    def heads(self, t: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """``(value logit (B,), score (B,) in points, ownership (B, size*size) in
        [-1, 1])`` of what the heads read (:meth:`branch`), for the player to move."""
        if not self.config.has_heads:
            raise ValueError(f"the net {self.config.name} has no value heads")
        v = self.value_conv(self.value_tower(t))
        width = v.shape[-1]
        mean = v.mean(dim=(2, 3))
        pooled = torch.cat([mean, mean * ((width - 14.0) / 10.0), v.amax(dim=(2, 3))], dim=1)
        out = self.value_fc(pooled)
        own = torch.tanh(self.ownership(v).flatten(1))
        return out[:, 0], out[:, 1] * SCORE_SCALE, own

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.policy(self.trunk(x))

    def judge(self, x: torch.Tensor
              ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """``(move logits, value logit, score, ownership)`` of input planes, the
        tower run once (see :meth:`heads`)."""
        h = self.stem(x)
        blocks = list(self.tower)
        cut = self.config.blocks - self.config.value_skip
        for block in blocks[:cut]:
            h = block(h)
        t = h
        for block in blocks[cut:]:
            t = block(t)
        return (self.policy(t), *self.heads(h))


def masked_logits(logits: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
    """``logits`` with the illegal moves (``legal`` False) set to :data:`MASKED`."""
    return logits.float().masked_fill(~legal, MASKED)


def parameter_count(net: nn.Module) -> int:
    """Number of weights."""
    return sum(p.numel() for p in net.parameters())
