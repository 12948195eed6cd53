"""The policy network: a residual CNN over the planes of :mod:`igo.nets.encode`.

``blocks`` residual blocks of two 3x3 convolutions with ``channels`` filters (batch
norm, ReLU), as in AlphaGo Zero's tower; a policy head of a 1x1 convolution to 32
channels and a 1x1 convolution to one logit a point, and one logit for passing read
from the tower's mean over the board. Fully convolutional: one net serves 9x9, 13x13
and 19x19. Illegal points are masked out of the softmax (:func:`masked_logits`), so
the probabilities are over the legal moves and pass, as the Bradley-Terry model's.

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

    def __post_init__(self) -> None:
        if self.blocks < 1 or self.channels < 1 or self.head_channels < 1:
            raise ValueError(f"bad network shape {self}")

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


class PolicyNet(nn.Module):
    """Logits ``(B, size*size + 1)`` (the last one: pass) of input planes
    ``(B, planes, size, size)``."""

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

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        t = self.tower(self.stem(x))
        board = self.head(t).flatten(1)
        passing = self.pass_logit(t.mean(dim=(2, 3)))
        return torch.cat([board, passing], dim=1)


def masked_logits(logits: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
    """``logits`` with the illegal moves (``legal`` False) set to :data:`MASKED`."""
    return logits.float().masked_fill(~legal, MASKED)


def parameter_count(net: nn.Module) -> int:
    """Number of weights."""
    return sum(p.numel() for p in net.parameters())
