"""RMSE, correlation, confusion matrix, accuracy, worst-case ratio (paper 002 §6–7)."""

from __future__ import annotations

import numpy as np

from igo.strength.metrics import accuracy, confusion, correlation, rmse, worst_case_ratio


def test_table5_cnn_r() -> None:
    # Table 5, CNN-R: the paper's 59.1 % accuracy; its cells give a worst-case ratio of
    # 1.0 % where the text says 0.9 %
    m = np.array([[480, 759, 7], [365, 1718, 105], [5, 436, 230]])
    assert round(100 * accuracy(m), 1) == 59.1
    assert round(100 * worst_case_ratio(m), 1) == 1.0  # (7 + 5) / (850 + 342)


def test_table5_cnn_c() -> None:
    m = np.array([[527, 612, 107], [396, 1402, 390], [21, 237, 413]])
    assert round(100 * accuracy(m), 1) == 57.1
    # the text says 7.0 % (with its "total" row, 929 outputs 0); the cells give 944: 6.9 %
    assert round(100 * worst_case_ratio(m), 1) == 6.9


def test_confusion_counts() -> None:
    m = confusion(np.array([0, 0, 1, 2, 2]), np.array([0, 2, 1, 0, 2]))
    assert m.tolist() == [[1, 0, 1], [0, 1, 0], [1, 0, 1]]


def test_rmse_and_correlation() -> None:
    assert rmse(np.array([1.0, 3.0]), np.array([2.0, 2.0])) == 1.0
    assert abs(correlation(np.array([1.0, 2.0, 3.0]), np.array([2.0, 4.0, 6.5])) - 1) < 0.01
    assert np.isnan(correlation(np.ones(3), np.arange(3.0)))
